import { del, get, set } from 'idb-keyval';
import { type Actor, createActor, fromPromise } from 'xstate';
import { type PushResult, plannerSyncMachine, type SyncConflict } from '../../machines/plannerSync';
import {
  type PlanInput,
  planReminders,
  type Reminder,
  type ReminderSwitches,
} from '../../machines/reminderPlan';
import {
  type Permission,
  REMINDER_SCHEDULER_DELAYS,
  reminderSchedulerMachine,
} from '../../machines/reminderScheduler';
import { selectIsLoggedIn, selectUser } from '../../machines/session';
import { ApiError } from '../rules/api-errors';
import type { DataOf, DocKind, StoredDoc } from '../rules/planner-docs';
import { docsOf } from '../rules/planner-docs';
import type { SavedScholarship } from '../rules/saved-scholarship';
import { paidSubjectsOf } from '../rules/subject-access';
import type { ApiClient } from '../services/api/client';
import {
  createNativeNotifications,
  createWebNotifications,
  type NotificationBridge,
  type ShownNotification,
} from '../services/planner/notifications';
import { createPlannerApi, refusedOverlap } from '../services/planner/planner-api';
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

const DATE_PARAMS = new Set(['date', 'due', 'deadline']);

function titleOf(doc: StoredDoc): string {
  return doc.kind === 'item' ? (doc.data as DataOf['item']).title : (doc.data as DataOf['list']).name;
}

/**
 * The planner's composition root: the device copy, the sync with the account and the reminders, started
 * once and kept for the whole visit. Screens reach it through usePlanner (src/screens/Planner).
 */
export async function startPlannerRuntime(deps: PlannerDeps) {
  const kv = idbKeyvalStore();
  const store = createPlannerStore(kv, deps.now);
  const api = createPlannerApi(deps.client);
  await store.load();
  let scholarships: SavedScholarship[] = await readSavedScholarships(kv);

  const sync = createActor(
    plannerSyncMachine.provide({
      actors: {
        pullFromAccount: fromPromise<void, void>(async () => {
          const { documents } = await api.fetchPlanner();
          await store.applyServerDocuments(documents);
        }),
        pushChanges: fromPromise<PushResult, void>(async () => {
          const conflicts: SyncConflict[] = [];
          for (const doc of store.unsent()) {
            try {
              const answer = await api.putDocument(doc.kind, doc.id, {
                baseRevision: doc.revision,
                deleted: doc.deleted,
                data: doc.data,
              });
              await store.applySent(doc, answer.document);
              for (const conflict of answer.conflicts) {
                conflicts.push({ ...conflict, kind: doc.kind, id: doc.id, title: titleOf(doc) });
              }
            } catch (error) {
              // The account refused this version (invalid, full, overlapping periods): kept on the device, the
              // student sees why (at the period at fault for an overlap); the rest goes on.
              if (
                error instanceof ApiError &&
                error.status >= 400 &&
                error.status < 500 &&
                error.status !== 401
              ) {
                await store.markRefused(doc, deps.describeError(error), refusedOverlap(error.body));
              } else throw error;
            }
          }
          return { conflicts };
        }),
      },
    }),
  );

  const bridge: NotificationBridge = deps.nativeShell
    ? await createNativeNotifications()
    : createWebNotifications();
  const formatDateTime = (iso: string) => {
    const time = Date.parse(iso);
    if (!Number.isFinite(time)) return iso;
    return new Intl.DateTimeFormat(deps.language() === 'fr' ? 'fr-CM' : 'en-CM', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(time);
  };
  const toShown = (reminder: Reminder): ShownNotification => {
    const params = Object.fromEntries(
      Object.entries(reminder.params).map(([name, value]) => [
        name,
        DATE_PARAMS.has(name) ? formatDateTime(value) : value,
      ]),
    );
    return {
      id: reminder.id,
      title: deps.translate(`planner.notify.title.${reminder.kind}`),
      body: deps.translate(reminder.key, params),
      route: reminder.route,
      at: reminder.at,
      ...(reminder.kind === 'expiry' ? { action: deps.translate('planner.expiry.renew') } : {}),
    };
  };

  const reminders = createActor(
    reminderSchedulerMachine.provide({
      actors: {
        readPermission: fromPromise<Permission, void>(() => bridge.readPermission()),
        requestPermission: fromPromise<Permission, void>(() => bridge.requestPermission()),
        showNotifications: fromPromise<void, { reminders: readonly Reminder[] }>(({ input }) =>
          bridge.show(input.reminders.map(toShown)),
        ),
        scheduleWithSystem: fromPromise<void, { reminders: readonly Reminder[] }>(({ input }) =>
          bridge.scheduleWithSystem(input.reminders.map(toShown)),
        ),
      },
      actions: {
        rememberDelivered: ({ context }) => void store.saveDelivered(context.delivered),
        showTest: (_, { reminder }) => void bridge.show([toShown(reminder)]).catch(() => undefined),
      },
    }),
    { input: { delivery: bridge.delivery, delivered: await store.loadDelivered(), now: deps.now() } },
  );

  const planInput = (): PlanInput => {
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
  };
  const replan = () =>
    reminders.send({
      type: 'reminders.update',
      reminders: planReminders(planInput(), REMINDER_SCHEDULER_DELAYS.lateGrace),
      now: deps.now(),
    });

  for (const actor of [sync, reminders] as Actor<never>[]) actor.start();
  store.subscribe(replan);

  let loggedIn = selectIsLoggedIn(deps.session.getSnapshot());
  let lastUser = selectUser(deps.session.getSnapshot());
  if (loggedIn) sync.send({ type: 'planner.signedIn' });
  deps.session.subscribe((snapshot) => {
    const now = selectIsLoggedIn(snapshot);
    if (now && !loggedIn) sync.send({ type: 'planner.signedIn' });
    if (!now && loggedIn) {
      // Logout: the session clears the device copy (IndexedDB) with the caches; the memory copy goes here.
      sync.send({ type: 'planner.signedOut' });
      scholarships = [];
      store.reset();
    }
    loggedIn = now;
    const user = selectUser(snapshot);
    if (user !== lastUser) {
      lastUser = user;
      replan();
    }
  });

  window.addEventListener('online', () => sync.send({ type: 'network.online' }));
  window.addEventListener('offline', () => sync.send({ type: 'network.offline' }));
  // Back from the background: another device may have written, timers may have slept, scholarships changed.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    sync.send({ type: 'planner.refresh' });
    reminders.send({ type: 'reminders.tick', now: deps.now() });
    void refreshScholarships();
  });
  bridge.onOpen((route) => deps.navigate(route));

  const refreshScholarships = async () => {
    scholarships = await readSavedScholarships(kv);
    replan();
    return scholarships;
  };
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
      const now = deps.now();
      reminders.send({
        type: 'reminders.test',
        reminder: {
          id: `test:${now}`,
          kind: 'item',
          at: now,
          key: 'planner.notify.test',
          params: {},
          route: '/local-notifications',
        },
      });
    },
    /** The reminders planned for the coming week, for the reminders screen. */
    plannedReminders: () => planReminders(planInput()),
    describe: toShown,
  };
}

export type PlannerRuntime = Awaited<ReturnType<typeof startPlannerRuntime>>;
