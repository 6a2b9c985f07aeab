import type { Browser, Locator, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { SessionCredentials, SessionSnapshot, sessionMachine } from '../../../machines/session';
import { expiresAt } from '../../../src/rules/jwt';
import { STORAGE_KEYS } from '../../../src/services/storage';
import { type ModelPath, replayPath } from '../../machines/modelHarness';
import { REPLAYS } from '../../machines/replays';
import { openDevice, type StudentDevice } from './browser';
import { seedDeviceStorage } from './device-storage';
import type { InProcessServer } from './in-process-server';
import { NetworkGate } from './network-gate';
import { settlePage } from './qa-paths';
import { sessionTokenExpiringAt } from './session-tokens';
import type { SignedInUser, StudentAccount } from './student-api';
import { StudentApp } from './student-app';

// The device side of the session QA paths (qa-paths-session.e2e.test.ts): a phone whose page clock and
// session tokens follow a path of the session machine's model, and the student's actions on it.

type Path = ModelPath<typeof sessionMachine>;

/** The file's own server, and the student whose real login answers are re-signed with other expiries. */
export interface SessionWorld {
  readonly server: InProcessServer;
  readonly account: StudentAccount;
  readonly issued: { token: string; user: SignedInUser };
}

/**
 * The model's time after each step of a path: the last clock reading the machine took (a restore, a tick, an
 * accepted login), moved on by the simulated clock since. A timer step's time is when that timer fired.
 */
export async function modelTimesOf(path: Path): Promise<number[]> {
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

export interface SessionReplay {
  readonly world: SessionWorld;
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

export const pageNow = (replay: SessionReplay) => replay.device.page.evaluate(() => Date.now());
export const tokenOf = (replay: SessionReplay, modelToken: string | null) =>
  (modelToken && replay.tokens.get(modelToken)) ?? null;

export async function prepareSessionReplay(
  browser: Browser,
  world: SessionWorld,
  path: Path,
): Promise<SessionReplay> {
  const { server, issued } = world;
  const device = await openDevice(browser, { baseUrl: server.baseUrl });
  const replay: SessionReplay = {
    world,
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
    // A model restore without its user (issue 18) is a device that kept the token and lost the user.
    await seedDeviceStorage(device.context, {
      session: { token, user: restore.user === null ? null : issued.user },
    });
  }
  return replay;
}

export const navbar = (replay: SessionReplay) =>
  replay.device.page.getByRole('navigation', { name: replay.app.t('nav.menu') });
export const logoutButton = (replay: SessionReplay) =>
  replay.device.page.getByRole('button', { name: replay.app.t('nav.logout') });

export async function holdLogout(replay: SessionReplay, modelToken: string | null): Promise<void> {
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
export async function showScreen(replay: SessionReplay, route: string, ready: Locator): Promise<void> {
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

export async function logIn(
  replay: SessionReplay,
  credentials: SessionCredentials & { token: string },
  next: SessionSnapshot,
) {
  const { app, device, world } = replay;
  const username = device.page.getByLabel(app.t('account.fields.username'), { exact: true });
  await showScreen(replay, 'login-with-username', username);
  const at = await pageNow(replay);
  await username.fill(world.account.username);
  await device.page
    .getByLabel(app.t('account.fields.password'), { exact: true })
    .fill(world.account.password);
  await device.page.getByRole('button', { name: app.t('account.login.submit') }).click();
  // The server's answer, with the token the model's credentials describe: its expiry as far from now.
  const route = await replay.login.next();
  const response = await route.fetch();
  const body = (await response.json()) as { token: string };
  const token = await sessionTokenExpiringAt(
    world.server.jwtSecret,
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

export async function saveProfile(replay: SessionReplay): Promise<void> {
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
export async function jumpTo(replay: SessionReplay, target: number): Promise<void> {
  const now = await pageNow(replay);
  if (target > now) await replay.device.context.clock.fastForward(target - now);
}
