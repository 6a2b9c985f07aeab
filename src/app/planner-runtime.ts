import { del, get, set } from 'idb-keyval';
import type { Actor, ActorRefFrom } from 'xstate';
import { createActor } from 'xstate';
import { plannerSyncMachine } from '../../machines/plannerSync';
import type { PlanInput, Reminder, ReminderSwitches } from '../../machines/reminderPlan';
import { planReminders } from '../../machines/reminderPlan';
import { REMINDER_SCHEDULER_DELAYS, reminderSchedulerMachine } from '../../machines/reminderScheduler';
import { selectIsLoggedIn, selectUser } from '../../machines/session';
import { plannerSyncActors } from '../actors/plannerSync';
import { reminderSchedulerActors, shownNotificationOf } from '../actors/reminderScheduler';
import type { DataOf, DocKind } from '../rules/planner-docs';
import { docsOf } from '../rules/planner-docs';
import type { SavedScholarship } from '../rules/saved-scholarship';
import { paidSubjectsOf } from '../rules/subject-access';
import type { ApiClient } from '../services/api/client';
import type { NotificationBridge } from '../services/planner/notifications';
import { createNativeNotifications, createWebNotifications } from '../services/planner/notifications';
import { createPlannerApi } from '../services/planner/planner-api';
import type { PlannerStore } from '../services/planner/planner-store';
import { createPlannerStore } from '../services/planner/planner-store';
import { readSavedScholarships } from '../services/planner/saved-scholarships';
import type { KeyValueStore } from '../services/playback-positions';
import type { AppActors } from './create-app-actors';

/** What the planner needs from the rest of the app (main.tsx and start-app-actors.ts provide it). */
export interface PlannerDeps {
  client: ApiClient;
  session: AppActors['session'];
  now: () => number;
  navigate: (path: string) => void;
  translate: (key: string, params?: Record<string, string>) => string;
  language: () => 'en' | 'fr';
  describeError: (error: unknown) => string;
  nativeShell: boolean;
}

function idbKeyvalStore(): KeyValueStore | null {
  if (typeof indexedDB === 'undefined') return null;
  return { get: (key) => get(key), set: (key, value) => set(key, value), del: (key) => del(key) };
}

type PlannerSync = ActorRefFrom<typeof plannerSyncMachine>;
type Reminders = ActorRefFrom<typeof reminderSchedulerMachine>;

/** What the reminders are planned from: the planner's documents, the saved scholarships, the paid subjects. */
function planInputOf(
  store: PlannerStore,
  scholarships: readonly SavedScholarship[],
  deps: PlannerDeps,
): PlanInput {
  const state = store.getState();
  const lang = deps.language();
  return {
    now: deps.now(),
    switches: state.switches,
    timetables: docsOf(state, 'timetable').map((doc) => ({
      id: doc.id,
      name: doc.data.name,
      periods: doc.data.periods,
    })),
    items: docsOf(state, 'item').map((doc) => ({ id: doc.id, ...doc.data })),
    deadlines: scholarships.map((s) => ({ id: s.id, title: s.title[lang], deadline: s.deadline })),
    expiries: paidSubjectsOf(selectUser(deps.session.getSnapshot())),
  };
}

/**
 * The sync follows the session: a login starts it, a logout stops it and forgets the memory copy (the
 * session clears the device copy, IndexedDB, with the caches); a newer user (paid subjects) replans.
 */
function followSession(
  deps: PlannerDeps,
  sync: PlannerSync,
  { signedOut, replan }: { signedOut: () => void; replan: () => void },
) {
  let loggedIn = selectIsLoggedIn(deps.session.getSnapshot());
  let lastUser = selectUser(deps.session.getSnapshot());
  if (loggedIn) sync.send({ type: 'planner.signedIn' });
  deps.session.subscribe((snapshot) => {
    const now = selectIsLoggedIn(snapshot);
    if (now && !loggedIn) sync.send({ type: 'planner.signedIn' });
    if (!now && loggedIn) {
      sync.send({ type: 'planner.signedOut' });
      signedOut();
    }
    loggedIn = now;
    const user = selectUser(snapshot);
    if (user !== lastUser) {
      lastUser = user;
      replan();
    }
  });
}

/** The connection and the page's visibility, told to the machines. */
function followDevice(deps: PlannerDeps, sync: PlannerSync, reminders: Reminders, refresh: () => unknown) {
  window.addEventListener('online', () => sync.send({ type: 'network.online' }));
  window.addEventListener('offline', () => sync.send({ type: 'network.offline' }));
  // Back from the background: another device may have written, timers may have slept, scholarships changed.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    sync.send({ type: 'planner.refresh' });
    reminders.send({ type: 'reminders.tick', now: deps.now() });
    void refresh();
  });
}

/** The reminder the settings screen's "test" button sends at once. */
function testReminder(now: number): Reminder {
  return {
    id: `test:${now}`,
    kind: 'item',
    at: now,
    key: 'planner.notify.test',
    params: {},
    route: '/local-notifications',
  };
}

/**
 * The planner's composition root: the device copy, the sync with the account and the reminders (their
 * effects in src/actors/plannerSync.ts and reminderScheduler.ts), started once and kept for the whole visit.
 * Screens reach it through usePlanner (src/screens/Planner).
 */
export async function startPlannerRuntime(deps: PlannerDeps) {
  const kv = idbKeyvalStore();
  const store = createPlannerStore(kv, deps.now);
  const api = createPlannerApi(deps.client);
  await store.load();
  let scholarships: SavedScholarship[] = await readSavedScholarships(kv);

  const sync = createActor(
    plannerSyncMachine.provide(plannerSyncActors({ api, store, describeError: deps.describeError })),
  );
  const bridge: NotificationBridge = deps.nativeShell
    ? await createNativeNotifications()
    : createWebNotifications();
  const reminders = createActor(
    reminderSchedulerMachine.provide(reminderSchedulerActors(bridge, store, deps)),
    {
      input: { delivery: bridge.delivery, delivered: await store.loadDelivered(), now: deps.now() },
    },
  );

  const planInput = () => planInputOf(store, scholarships, deps);
  const replan = () =>
    reminders.send({
      type: 'reminders.update',
      reminders: planReminders(planInput(), REMINDER_SCHEDULER_DELAYS.lateGrace),
      now: deps.now(),
    });
  const refreshScholarships = async () => {
    scholarships = await readSavedScholarships(kv);
    replan();
    return scholarships;
  };

  for (const actor of [sync, reminders] as Actor<never>[]) actor.start();
  store.subscribe(replan);
  const signedOut = () => {
    scholarships = [];
    store.reset();
  };
  followSession(deps, sync, { signedOut, replan });
  followDevice(deps, sync, reminders, refreshScholarships);
  bridge.onOpen((route) => deps.navigate(route));
  replan();

  const changed = () => sync.send({ type: 'planner.changed' });
  return {
    store,
    sync,
    reminders,
    savedScholarships: () => scholarships,
    refreshScholarships,
    async save<K extends DocKind>(kind: K, id: string, data: DataOf[K]) {
      await store.save(kind, id, data);
      changed();
    },
    async remove(kind: DocKind, id: string) {
      await store.remove(kind, id);
      changed();
    },
    async setSwitches(switches: ReminderSwitches) {
      await store.setSwitches(switches);
      replan();
    },
    sendTestNotification() {
      reminders.send({ type: 'reminders.test', reminder: testReminder(deps.now()) });
    },
    /** The reminders planned for the coming week, for the reminders screen. */
    plannedReminders: () => planReminders(planInput()),
    describe: (reminder: Reminder) => shownNotificationOf(deps, reminder),
  };
}

export type PlannerRuntime = Awaited<ReturnType<typeof startPlannerRuntime>>;
