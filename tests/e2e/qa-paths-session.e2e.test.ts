import type { Browser, Locator, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { type SessionCredentials, type SessionSnapshot, sessionMachine } from '../../machines/session';
import { expiresAt } from '../../src/services/jwt';
import { STORAGE_KEYS } from '../../src/services/storage';
import type { ModelPath } from '../machines/modelHarness';
import { replayPath } from '../machines/modelHarness';
import { REPLAYS } from '../machines/replays';
import { sessionPaths } from '../machines/session.model';
import { connectBrowser, openDevice, type StudentDevice } from './harness/browser';
import { seedDeviceStorage } from './harness/device-storage';
import { type InProcessServer, startInProcessServer } from './harness/in-process-server';
import { NetworkGate } from './harness/network-gate';
import {
  chooseCoveringPaths,
  coverageOfPaths,
  coverageReport,
  eventsOf,
  pathObligations,
  settlePage,
} from './harness/qa-paths';
import { sessionTokenExpiringAt } from './harness/session-tokens';
import { newStudent, type SignedInUser, type StudentAccount, StudentApi } from './harness/student-api';
import { StudentApp } from './harness/student-app';

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

/**
 * The model's time after each step of a path: the last clock reading the machine took (a restore, a tick, an
 * accepted login), moved on by the simulated clock since. A timer step's time is when that timer fired.
 */
async function modelTimesOf(path: Path): Promise<number[]> {
  const times: number[] = [];
  let anchor = { now: 0, sim: 0 };
  await replayPath(path, {
    ...REPLAYS.session,
    checkStep: (harness, { event }) => {
      const sim = harness.clock.now();
      const carried = (event as { now?: number }).now;
      const held = harness.snapshot.matches('loggedIn') && harness.snapshot.context.token === event.token;
      if (carried !== undefined && (event.type !== 'session.login' || held)) anchor = { now: carried, sim };
      times.push(anchor.now + sim - anchor.sim);
    },
  });
  return times;
}

interface Replay {
  readonly device: StudentDevice;
  readonly app: StudentApp;
  readonly times: readonly number[];
  readonly login: NetworkGate;
  readonly logout: NetworkGate;
  /** Page time = model time + offset, from the last reading the machine took. */
  offset: number;
  /** The browser's token for each model token the machine has held. */
  readonly tokens: Map<string, string>;
  /** What the app keeps under id_token. */
  stored: string | null;
  heldLogout: Route | null;
  /** The token whose session is being ended, and whether the server heard the logout. */
  ended: { token: string; told: boolean } | null;
}

let browser: Browser;
let server: InProcessServer;
let api: StudentApi;
let account: StudentAccount;
let issued: { token: string; user: SignedInUser };
const replayed: Path[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startInProcessServer();
  api = new StudentApi(server.baseUrl);
  account = newStudent('session');
  await api.register(account);
  issued = await api.signIn(account);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const pageNow = (replay: Replay) => replay.device.page.evaluate(() => Date.now());
const tokenOf = (replay: Replay, modelToken: string | null) =>
  (modelToken && replay.tokens.get(modelToken)) ?? null;

async function prepare(path: Path): Promise<Replay> {
  const device = await openDevice(browser, { baseUrl: server.baseUrl });
  const replay: Replay = {
    device,
    app: new StudentApp(device),
    times: await modelTimesOf(path),
    login: await NetworkGate.install(device.page, /\/users\/authenticate\/student$/),
    logout: await NetworkGate.install(device.page, /\/users\/student\/logout$/),
    offset: 0,
    tokens: new Map(),
    stored: null,
    heldLogout: null,
    ended: null,
  };
  // A whole second, so the tokens' expiries (whole seconds) fall exactly where the model puts them; paused
  // before the app loads, so the app reads exactly that time when it restores the session, and arms its
  // timers from it.
  const start = Math.ceil(Date.now() / 1_000) * 1_000;
  await device.context.clock.install({ time: start - 1_000 });
  await device.context.clock.pauseAt(start);
  const restore = path.steps[1]?.event as (SessionCredentials & { type: string }) | undefined;
  if (restore?.type !== 'session.restore') throw new Error('A session path starts with its restore');
  replay.offset = start - restore.now;
  if (restore.token && restore.expiresAt !== null) {
    const token = await sessionTokenExpiringAt(
      server.jwtSecret,
      issued.token,
      replay.offset + restore.expiresAt,
    );
    replay.tokens.set(restore.token, token);
    replay.stored = token;
    await seedDeviceStorage(device.context, { session: { token, user: issued.user } });
  }
  return replay;
}

const navbar = (replay: Replay) =>
  replay.device.page.getByRole('navigation', { name: replay.app.t('nav.menu') });
const logoutButton = (replay: Replay) =>
  replay.device.page.getByRole('button', { name: replay.app.t('nav.logout') });

async function holdLogout(replay: Replay, modelToken: string | null): Promise<void> {
  replay.heldLogout = await replay.logout.next();
  const token = tokenOf(replay, modelToken);
  expect(replay.heldLogout.request().headers().authorization, 'the logout call ends this session').toBe(
    `Bearer ${token}`,
  );
  replay.ended = { token: token ?? '', told: false };
}

/**
 * Opens a screen by its hash as a link does. Its code loads lazily, and React shows it after its Suspense
 * fallback's timer: the paused page clock is moved on a little at a time until the screen is there.
 */
async function showScreen(replay: Replay, route: string, ready: Locator): Promise<void> {
  await replay.device.page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/${route}`);
  for (let step = 0; step < 50; step++) {
    await settlePage(replay.device.page);
    if (await ready.isVisible()) return;
    await replay.device.context.clock.runFor(100);
  }
  throw new Error(`The ${route} screen did not show`);
}

async function logIn(
  replay: Replay,
  credentials: SessionCredentials & { token: string },
  next: SessionSnapshot,
) {
  const { app, device } = replay;
  const username = device.page.getByLabel(app.t('account.fields.username'), { exact: true });
  await showScreen(replay, 'login-with-username', username);
  const at = await pageNow(replay);
  await username.fill(account.username);
  await device.page.getByLabel(app.t('account.fields.password'), { exact: true }).fill(account.password);
  await device.page.getByRole('button', { name: app.t('account.login.submit') }).click();
  // The server's answer, with the token the model's credentials describe: its expiry as far from now.
  const route = await replay.login.next();
  const response = await route.fetch();
  const body = (await response.json()) as { token: string };
  const token = await sessionTokenExpiringAt(
    server.jwtSecret,
    body.token,
    at + (credentials.expiresAt ?? credentials.now) - credentials.now,
  );
  await route.fulfill({ response, json: { ...body, token } });
  // The app stores what the server gave before the session decides (a refused token included).
  replay.stored = token;
  await app.until(
    () => app.route(),
    (route) => route.split('?')[0] === 'home',
    'the home screen',
  );
  if (next.matches('loggedIn') && next.context.token === credentials.token) {
    replay.tokens.set(credentials.token, token);
    // The model's clock restarts at this login: its expiry is the token's.
    const expiry = expiresAt(token) ?? at;
    replay.offset = expiry - (credentials.expiresAt ?? credentials.now);
  }
}

async function saveProfile(replay: Replay): Promise<void> {
  const { app, device } = replay;
  const firstname = device.page.getByLabel(app.t('account.fields.firstname'), { exact: true });
  await showScreen(replay, 'profile', firstname);
  await firstname.fill(`Amina ${replay.times.length}`);
  await device.page.getByRole('button', { name: app.t('profile.details.submit') }).click();
  await device.page.getByText(app.t('profile.details.saved')).waitFor();
  const stored = await app.until(
    () => device.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user),
    (value) => value?.includes(`Amina ${replay.times.length}`) === true,
    'the newer user object to be stored',
  );
  expect(stored).toBeTruthy();
}

/** Moves the page clock to `target` (page time), firing the timers due on the way once, as after a sleep. */
async function jumpTo(replay: Replay, target: number): Promise<void> {
  const now = await pageNow(replay);
  if (target > now) await replay.device.context.clock.fastForward(target - now);
}

async function perform(replay: Replay, path: Path, index: number): Promise<void> {
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
      await app.open('landing');
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
async function expectScreen(replay: Replay, state: SessionSnapshot): Promise<void> {
  const { app, device } = replay;
  if (state.matches('restoring')) return;
  await settlePage(device.page);
  const storedToken = () => device.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const loginLink = navbar(replay).getByRole('link', { name: app.t('nav.login') });
  if (state.matches('loggedIn')) {
    await logoutButton(replay).waitFor();
    await navbar(replay)
      .getByRole('link', { name: app.t('nav.study') })
      .waitFor();
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
  const replay = await prepare(path);
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
    const report = coverageReport(sessionMachine, replayed, coverageOf);
    console.log(`session in Chromium: ${replayed.length} of ${ALL.length} paths, ${report.summary}`);
    expect(replayed).toHaveLength(SELECTED.length);
    expect(report.unvisited).toEqual([]);
    expect(report.untaken).toEqual([]);
    const owed = new Set(ALL.flatMap(obligations));
    const met = new Set(replayed.flatMap(obligations));
    expect([...owed].filter((item) => !met.has(item))).toEqual([]);
  });
});
