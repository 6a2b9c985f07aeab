import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { type SessionCredentials, type SessionSnapshot, sessionMachine } from '../../machines/session';
import { STORAGE_KEYS } from '../../src/services/storage';
import type { ModelPath } from '../machines/modelHarness';
import { REPLAYS } from '../machines/replays';
import { sessionPaths } from '../machines/session.model';
import { connectBrowser } from './harness/browser';
import { type InProcessServer, startInProcessServer } from './harness/in-process-server';
import {
  chooseCoveringPaths,
  coverageOfPaths,
  eventsOf,
  expectReplayCovers,
  openOnPageClock,
  pathObligations,
  settlePage,
} from './harness/qa-paths';
import {
  holdLogout,
  jumpTo,
  logIn,
  logoutButton,
  navbar,
  prepareSessionReplay,
  type SessionReplay,
  type SessionWorld,
  saveProfile,
} from './harness/session-device';
import { newStudent, StudentApi } from './harness/student-api';

// The session machine's generated paths (tests/machines/session.model.ts) replayed against the real app in
// Chromium and the real server. A model token is a real one: the server's login answer, its expiry moved to
// where the model puts it (signed with the server's key: the file runs its own server), so the server
// accepts it, revokes it at logout and refuses it once expired. The page's clock is Playwright's: installed
// before the app loads and paused once it is up, then moved only by the path: a timer step jumps to the
// instant the model's timer falls due (checking the millisecond before when the session ends), a clock
// reading after sleep sets the time and makes the page visible again, as a phone waking up does.
//
// The app's events are the student's and the browser's: opening the app (the session is restored from
// storage), logging in on the login screen, Logout in the navbar, saving the profile (a newer user object).
// clearSession is the app's logout: the server call, held at the network gate, then storage and caches. The
// app's clearSession never fails (it clears the device whether or not the server answered), so the model's
// failed clearSession is a logout call lost on the network, ending in the same logged-out device.
// 'Expiring soon' has no screen of its own: in it the student is still logged in.

type Path = ModelPath<typeof sessionMachine>;

// The app restores the stored session as soon as it starts: a path that stops in `restoring` shows nothing.
const ALL = sessionPaths().filter((path) => path.steps.length > 1);
const COVERAGE = await coverageOfPaths(ALL, REPLAYS.session);

function coverageOf(path: Path) {
  const coverage = COVERAGE.get(path);
  if (!coverage) throw new Error('A path without coverage');
  return coverage;
}

const obligations = (path: Path) => pathObligations(path, coverageOf(path));
const SELECTED = chooseCoveringPaths(ALL, obligations);

let browser: Browser;
let server: InProcessServer;
let world: SessionWorld;
const replayed: Path[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startInProcessServer();
  const api = new StudentApi(server.baseUrl);
  const account = newStudent('session');
  await api.register(account);
  world = { server, account, issued: await api.signIn(account) };
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function perform(replay: SessionReplay, path: Path, index: number): Promise<void> {
  const step = path.steps[index];
  if (!step) throw new Error(`No step ${index}`);
  const event = step.event as AnyEventObject;
  const next = step.state as SessionSnapshot;
  const { app, device } = replay;
  const target = replay.offset + (replay.times[index] ?? 0);
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'session.restore':
      await openOnPageClock(app, 'landing');
      if (next.matches('loggingOut')) await holdLogout(replay, next.context.token);
      return;
    case 'session.login':
      return logIn(replay, event as unknown as SessionCredentials & { token: string }, next);
    case 'session.logout':
      await logoutButton(replay).click();
      return holdLogout(replay, next.context.token);
    case 'session.userUpdated':
      return saveProfile(replay);
    case 'session.tick':
      // The phone slept: its clock moved on without the page's timers; then the page is visible again.
      await device.context.clock.setSystemTime(replay.offset + (event.now as number));
      await device.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      if (next.matches('loggingOut')) await holdLogout(replay, next.context.token);
      return;
    case 'xstate.done.actor.clearSession':
      await replay.heldLogout?.continue();
      if (replay.ended) replay.ended.told = true;
      [replay.heldLogout, replay.stored] = [null, null];
      return;
    case 'xstate.error.actor.clearSession':
      await replay.heldLogout?.abort('internetdisconnected');
      [replay.heldLogout, replay.stored] = [null, null];
      return;
    case 'xstate.after.untilExpiringSoon.session.loggedIn.active':
      return jumpTo(replay, target);
    case 'xstate.after.untilExpiry.session.loggedIn': {
      await jumpTo(replay, target - 1);
      await settlePage(device.page);
      expect(await logoutButton(replay).count(), 'still logged in 1 ms before the timer').toBe(1);
      await jumpTo(replay, target);
      if (next.matches('loggingOut')) await holdLogout(replay, next.context.token);
      return;
    }
    default:
      throw new Error(`No UI action for ${event.type}`);
  }
}

/** What the device shows in each state of the session machine. */
async function expectScreen(replay: SessionReplay, state: SessionSnapshot): Promise<void> {
  const { app, device } = replay;
  if (state.matches('restoring')) return;
  await settlePage(device.page);
  const storedToken = () => device.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const loginLink = navbar(replay).getByRole('link', { name: app.t('nav.login') });
  if (state.matches('loggedIn')) {
    await logoutButton(replay).waitFor();
    expect(await storedToken(), 'the stored session').toBe(replay.stored);
    return;
  }
  await loginLink.waitFor();
  expect(await logoutButton(replay).count()).toBe(0);
  if (state.matches('loggingOut')) {
    expect(replay.heldLogout, 'the server is told while the device is cleared').not.toBeNull();
    return;
  }
  // Logged out: nothing of an ended session is left on the device (a login the session refused leaves
  // its expired token, which the next start ends like any expired one).
  await app.until(storedToken, (token) => token === replay.stored, 'the stored token to be cleared');
  if (replay.stored === null) {
    expect(await device.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user)).toBeNull();
  }
  expect(replay.logout.pending, 'no logout call left').toBe(0);
  if (replay.ended?.told) {
    // The server revoked it: the token no longer opens anything.
    const answer = await fetch(`${server.baseUrl}/users/profile`, {
      headers: { authorization: `Bearer ${replay.ended.token}` },
    });
    expect(answer.status, 'the ended session is refused by the server').toBe(401);
  }
  replay.ended = null;
}

async function replayOnDevice(path: Path): Promise<void> {
  const replay = await prepareSessionReplay(browser, world, path);
  try {
    for (const [index, step] of path.steps.entries()) {
      await perform(replay, path, index);
      await expectScreen(replay, step.state as SessionSnapshot);
    }
    expect(replay.device.pageErrors).toEqual([]);
  } finally {
    await replay.device.context.close();
  }
}

function describePath(path: Path, index: number): string {
  const credentials = (event: AnyEventObject) => {
    const { token } = event as { token?: string | null };
    return token ? token.replace(/^jwt\./, '') : 'none';
  };
  const steps = eventsOf(path)
    .slice(1)
    .map((event) => {
      const name = event.type
        .replace(/^xstate\./, '')
        .replace(/^after\.(\w+)\..*$/, 'after.$1')
        .replace(/^(done|error)\.actor\./, '$1.');
      if (event.type === 'session.restore' || event.type === 'session.login')
        return `${name}(${credentials(event)})`;
      return name;
    });
  return `#${index} ${steps.join(' > ')}`;
}

describe(`session QA paths: ${SELECTED.length} of ${ALL.length} generated paths replayed in Chromium`, () => {
  for (const path of SELECTED) {
    it(describePath(path, ALL.indexOf(path)), async () => {
      await replayOnDevice(path);
      replayed.push(path);
    });
  }

  it('the replayed paths visit every state and take every transition of the session machine', () => {
    const summary = expectReplayCovers({
      machine: sessionMachine,
      all: ALL,
      selected: SELECTED,
      replayed,
      coverageOf,
      obligations,
    });
    console.log(`session in Chromium: ${replayed.length} of ${ALL.length} paths, ${summary}`);
  });
});
