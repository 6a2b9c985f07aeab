import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import {
  type InstallPromptInput,
  type InstallPromptSnapshot,
  installPromptMachine,
} from '../../machines/installPrompt';
import type { Toast } from '../../machines/messages';
import { STORAGE_KEYS } from '../../src/services/storage';
import { INSTALL_PROMPT_EFFECTS, installPromptPaths } from '../machines/installPrompt.model';
import type { EffectCall, ModelPath } from '../machines/modelHarness';
import { REPLAYS } from '../machines/replays';
import { connectBrowser, openDevice, type StudentDevice } from './harness/browser';
import {
  chooseCoveringPaths,
  coverageOfPaths,
  eventsOf,
  expectReplayCovers,
  openOnPageClock,
  pathObligations,
  pausePageClock,
  predictedEffects,
  pwaLayerArrives,
  settlePage,
} from './harness/qa-paths';
import { StudentApp } from './harness/student-app';

// The installPrompt machine's generated paths (tests/machines/installPrompt.model.ts) replayed against the
// real app in Chromium. Each model input is a phone: an ordinary Chromium, an iPhone (Safari's user agent),
// one where the banner was dismissed before (`pwa-install-dismissed` in storage), an iPhone opened from the
// home screen (`navigator.standalone`). The browser's events are the ones Chromium fires: a
// `beforeinstallprompt` whose prompt() and userChoice the test answers as the student would, and
// `appinstalled`. Each model state is what the banner shows; each effect the model predicts is seen on the
// device: the dismissal in storage, the toast for exactly its 3 s on the page's clock (paused once the app is
// up, so nothing happens between steps).

type Path = ModelPath<typeof installPromptMachine>;

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const ALL = installPromptPaths();
const COVERAGE = await coverageOfPaths(ALL, REPLAYS.installPrompt);

function coverageOf(path: Path) {
  const coverage = COVERAGE.get(path);
  if (!coverage) throw new Error('A path without coverage');
  return coverage;
}

const phoneOf = ({ isStandalone, isIos, dismissed }: InstallPromptInput) =>
  isStandalone ? 'home-screen iPhone' : isIos ? 'iPhone' : dismissed ? 'dismissed before' : 'Chromium';

/** Each phone owes the replay what the model reaches from it. */
const obligations = (path: Path) => pathObligations(path, coverageOf(path), phoneOf(path.input));
const SELECTED = chooseCoveringPaths(ALL, obligations);

/** The test's hold on Chromium's install prompt (installed in the page by `installPromptControls`). */
interface QaInstall {
  prompts(): number;
  offer(): void;
  answer(outcome: string): void;
  fail(message: string): void;
}
type QaWindow = { qaInstall: QaInstall };

/**
 * Runs in the page before the app: dispatches `beforeinstallprompt` as Chromium does when the app is
 * installable, with a prompt() that waits for the student's answer (given by the test) or fails.
 */
function installPromptControls() {
  let prompts = 0;
  let pending: { answer(outcome: string): void; fail(message: string): void } | null = null;
  const qaInstall: QaInstall = {
    prompts: () => prompts,
    offer() {
      let choose: (outcome: string) => void = () => undefined;
      const userChoice = new Promise((resolve) => {
        choose = (outcome) => resolve({ outcome, platform: 'web' });
      });
      const event = new Event('beforeinstallprompt', { cancelable: true });
      const prompt = () => {
        prompts += 1;
        return new Promise<void>((resolve, reject) => {
          pending = {
            answer: (outcome) => {
              resolve();
              choose(outcome);
            },
            fail: (message) => reject(new DOMException(message, 'InvalidStateError')),
          };
        });
      };
      window.dispatchEvent(Object.assign(event, { prompt, userChoice }));
    },
    answer(outcome) {
      pending?.answer(outcome);
      pending = null;
    },
    fail(message) {
      pending?.fail(message);
      pending = null;
    },
  };
  Object.assign(window, { qaInstall });
}

interface Replay {
  readonly device: StudentDevice;
  readonly app: StudentApp;
}

let browser: Browser;
const replayed: Path[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function prepare(input: InstallPromptInput): Promise<Replay> {
  const device = await openDevice(browser, input.isIos ? { userAgent: IPHONE_UA } : {});
  await device.context.addInitScript(installPromptControls);
  if (input.isStandalone) {
    // iOS Safari's own flag for an app opened from the home screen.
    await device.context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true, configurable: true });
    });
  }
  if (input.dismissed) {
    await device.context.addInitScript((key: string) => {
      if (window.location.protocol === 'about:' || sessionStorage.getItem('qa-seeded') === '1') return;
      sessionStorage.setItem('qa-seeded', '1');
      localStorage.setItem(key, 'true');
    }, STORAGE_KEYS.installDismissed);
  }
  await device.context.clock.install({ time: Date.now() });
  return { device, app: new StudentApp(device) };
}

const qa = {
  prompts: (replay: Replay) =>
    replay.device.page.evaluate(() => (window as unknown as QaWindow).qaInstall.prompts()),
  offer: (replay: Replay) =>
    replay.device.page.evaluate(() => (window as unknown as QaWindow).qaInstall.offer()),
  answer: (replay: Replay, outcome: string) =>
    replay.device.page.evaluate(
      (choice) => (window as unknown as QaWindow).qaInstall.answer(choice),
      outcome,
    ),
  fail: (replay: Replay, message: string) =>
    replay.device.page.evaluate((text) => (window as unknown as QaWindow).qaInstall.fail(text), message),
};

const bannerOf = (replay: Replay) =>
  replay.device.page.getByRole('complementary', { name: replay.app.t('pwa.bannerLabel') });
const button = (replay: Replay, key: string) =>
  bannerOf(replay).getByRole('button', { name: replay.app.t(key), exact: true });

async function perform(replay: Replay, event: AnyEventObject): Promise<void> {
  const { app, device } = replay;
  switch (event.type) {
    case 'xstate.init':
      {
        // The install banner's code loads once the page is idle (issue 12): then the clock stops.
        const pwaLayer = pwaLayerArrives(device.page);
        await openOnPageClock(app, 'landing');
        await pwaLayer;
      }
      await pausePageClock(device.page, device.context);
      return;
    case 'install.available':
      return qa.offer(replay);
    case 'install.accept':
      await button(replay, 'pwa.install').click();
      await app.until(
        () => qa.prompts(replay),
        (n) => n === 1,
        'the browser prompt to open',
      );
      return;
    case 'install.showInstructions':
      return button(replay, 'pwa.showInstructions').click();
    case 'install.dismiss':
      return button(replay, 'pwa.dismiss').click();
    case 'install.installed':
      await device.page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
      return;
    case 'xstate.done.actor.promptInstall':
      return qa.answer(replay, String(event.output));
    case 'xstate.error.actor.promptInstall':
      return qa.fail(replay, (event.error as Error).message);
    default:
      throw new Error(`No browser action for ${event.type}`);
  }
}

/** Each predicted effect, seen on the device: the dismissal stored, the toast shown for its duration. */
async function expectEffects(replay: Replay, effects: readonly EffectCall[]): Promise<void> {
  const { app, device } = replay;
  const dismissal = () =>
    device.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.installDismissed);
  const toasts = effects.filter((effect) => effect.type === 'showToast');
  if (effects.some((effect) => effect.type === 'persistDismissed')) {
    await app.until(dismissal, (value) => value === 'true', 'the dismissal to be stored');
  }
  const toast = device.page.getByRole('status').filter({ hasText: app.t('messages.appInstalled') });
  if (toasts.length === 0) {
    expect(await toast.count(), 'no installation announced').toBe(0);
    return;
  }
  const [shown, ...more] = toasts.map((effect) => effect.params as Toast);
  if (!shown || more.length > 0) throw new Error(`Expected one toast, the model has ${toasts.length}`);
  const { key, durationMs } = shown;
  expect(key).toBe('appInstalled');
  await toast.waitFor();
  await device.context.clock.runFor(durationMs - 1);
  expect(await toast.count(), 'the toast 1 ms before its end').toBe(1);
  await device.context.clock.runFor(1);
  await toast.waitFor({ state: 'detached' });
}

/** What the phone shows in each state of the installPrompt machine. */
async function expectScreen(replay: Replay, state: InstallPromptSnapshot, input: InstallPromptInput) {
  const { app, device } = replay;
  const banner = bannerOf(replay);
  const offering = state.matches('offering');
  const offeringIos = state.matches('offeringIos');
  if (!offering && !offeringIos) {
    await banner.waitFor({ state: 'detached' });
    // React has rendered whatever the step changed, and the banner stayed away.
    await settlePage(device.page);
    expect(await banner.count(), `no banner in ${JSON.stringify(state.value)}`).toBe(0);
  } else {
    await banner.waitFor();
    const text = app.t(offering ? 'messages.installInvitation' : 'messages.iosInstallInstructions');
    await banner.getByText(text, { exact: true }).waitFor();
    expect(await button(replay, 'pwa.dismiss').count()).toBe(1);
    expect(await button(replay, 'pwa.install').count()).toBe(offering ? 1 : 0);
    const steps = banner.getByText(app.t('pwa.iosStepAdd'), { exact: true });
    const instructions = state.matches({ offeringIos: 'instructionsVisible' });
    if (instructions) await steps.waitFor();
    else expect(await steps.count()).toBe(0);
    expect(await button(replay, 'pwa.showInstructions').count()).toBe(offeringIos && !instructions ? 1 : 0);
  }
  // The browser prompt is open exactly while the machine waits for the student's answer.
  const open = await device.page.evaluate(() => (window as unknown as QaWindow).qaInstall.prompts());
  if (state.matches('installing')) expect(open, 'the browser prompt was opened').toBeGreaterThan(0);
  if (input.isStandalone || input.dismissed) expect(open, 'never prompted').toBe(0);
}

async function replayOnDevice(path: Path): Promise<void> {
  const replay = await prepare(path.input);
  try {
    for (const [index, step] of path.steps.entries()) {
      const event = step.event as AnyEventObject;
      await perform(replay, event);
      await expectEffects(
        replay,
        predictedEffects(installPromptMachine, path, index, INSTALL_PROMPT_EFFECTS),
      );
      await expectScreen(replay, step.state as InstallPromptSnapshot, path.input);
    }
    expect(replay.device.pageErrors).toEqual([]);
  } finally {
    await replay.device.context.close();
  }
}

function describePath(path: Path): string {
  const steps = eventsOf(path)
    .slice(1)
    .map((event) => {
      const name = event.type.replace(/^xstate\.(done|error)\.actor\./, '$1.');
      return 'output' in event ? `${name}(${String(event.output)})` : name;
    });
  return `${phoneOf(path.input)}: ${steps.join(' > ') || 'opens the app'}`;
}

describe(`installPrompt QA paths: ${SELECTED.length} of ${ALL.length} generated paths replayed in Chromium`, () => {
  for (const path of SELECTED) {
    it(describePath(path), async () => {
      await replayOnDevice(path);
      replayed.push(path);
    });
  }

  it('the replayed paths visit every state and take every transition of the installPrompt machine', () => {
    const summary = expectReplayCovers({
      machine: installPromptMachine,
      all: ALL,
      selected: SELECTED,
      replayed,
      coverageOf,
      obligations,
    });
    console.log(`installPrompt in Chromium: ${replayed.length} of ${ALL.length} paths, ${summary}`);
  });
});
