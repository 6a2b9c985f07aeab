import { selectHasDictionary } from '../../machines/language';
import { selectIsLoggedIn, selectUser } from '../../machines/session';
import { whenAppStable } from '../services/pwa/app-stable';
import type { AppActors, AppEffects } from './create-app-actors';
import { createAppActors, shellViewOf } from './create-app-actors';
import { loadPlanner, providePlannerDeps } from './planner-loader';
import type { PlannerDeps } from './planner-runtime';
import type { ShellViewSource } from './shell-view';
import { resourceRuntime } from './use-resource';

/** What the composition root (src/main.tsx) hands over besides the machines' effects. */
export interface AppStartDeps {
  /** The planner's needs other than the session, which is created here. */
  planner: Omit<PlannerDeps, 'session'>;
  /** The native shell: push notifications (the web never loads their code). */
  nativeShell: boolean;
}

export interface StartedApp {
  actors: AppActors;
  view: ShellViewSource;
}

/**
 * The root actors' chunk (issue 12): XState, the session, cart and language machines and what runs beside
 * them, loaded after the first screen (src/main.tsx) and started here. Resolves once a dictionary is in
 * use, so the shell's view only ever hands over to a translated one; never when none could be loaded
 * (offline on a first visit: the prerendered page then stays).
 */
export async function startAppActors(fx: AppEffects, deps: AppStartDeps): Promise<StartedApp> {
  // The screens' data machine comes with the actors, so a screen opened later creates its actor at once.
  // Loaded first: a failed download (offline) leaves nothing started, and the next need tries again.
  await resourceRuntime.load();
  const actors = createAppActors(fx);
  actors.start();
  // Timers stop while a phone sleeps: when the student comes back, the session re-reads the clock, so an
  // expired token logs out at once instead of when a late timer fires.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') actors.session.send({ type: 'session.tick', now: fx.now() });
  });
  startOnceStable(actors);
  startPlanner(actors, deps);
  if (deps.nativeShell) startPush(actors, fx);

  await dictionaryInUse(actors.language);
  return { actors, view: shellViewOf(actors) };
}

function dictionaryInUse(language: AppActors['language']): Promise<void> {
  return new Promise((resolve) => {
    if (selectHasDictionary(language.getSnapshot())) return resolve();
    const subscription = language.subscribe((snapshot) => {
      if (!selectHasDictionary(snapshot)) return;
      subscription.unsubscribe();
      resolve();
    });
  });
}

/** The PWA machines (their code is not on the landing route) and the worker, once the page is idle. */
function startOnceStable(actors: AppActors): void {
  whenAppStable(() => {
    void actors.pwa
      .load()
      .then(({ serviceWorker }) => serviceWorker.send({ type: 'app.stable' }))
      .catch(() => undefined);

    // Downloads of a subject whose access has expired go, checked now and whenever the user object changes.
    let lastPaidSubjects: unknown = null;
    actors.session.subscribe((snapshot) => {
      const paid = selectUser(snapshot)?.paidSubjects ?? null;
      if (paid === lastPaidSubjects) return;
      lastPaidSubjects = paid;
      void actors.removeExpiredDownloads();
    });
  });
}

/**
 * The planner (issue 9) syncs and reminds on every screen of a logged-in student: its chunk loads once the
 * first screen is up. A visitor gets it only by opening a planner screen.
 */
function startPlanner(actors: AppActors, deps: AppStartDeps): void {
  providePlannerDeps({ ...deps.planner, session: actors.session });
  whenAppStable(() => {
    const startWhenLoggedIn = (snapshot: ReturnType<typeof actors.session.getSnapshot>) => {
      if (selectIsLoggedIn(snapshot)) void loadPlanner().catch(() => undefined);
    };
    startWhenLoggedIn(actors.session.getSnapshot());
    actors.session.subscribe(startWhenLoggedIn);
  });
}

/** Push notifications exist in the native shell only: the web never loads (or downloads) the plugin code. */
function startPush(actors: AppActors, fx: AppEffects): void {
  const { storage } = fx;
  void import('../services/native/push').then(async ({ startPushNotifications }) => {
    const push = await startPushNotifications({
      getStoredToken: () => storage.getPushToken(),
      storeToken: (token) => void storage.setPushToken(token),
      registerToken: (payload) => fx.api.registerPushToken(payload),
      isLoggedIn: () => selectIsLoggedIn(actors.session.getSnapshot()),
      navigate: fx.navigate,
    });
    if (!push) return;
    let wasLoggedIn = selectIsLoggedIn(actors.session.getSnapshot());
    actors.session.subscribe((snapshot) => {
      const loggedIn = selectIsLoggedIn(snapshot);
      if (loggedIn && !wasLoggedIn) void push.sendStoredToken();
      wasLoggedIn = loggedIn;
    });
  });
}
