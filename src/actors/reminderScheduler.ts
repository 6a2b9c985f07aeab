import { fromPromise } from 'xstate';
import type { Reminder } from '../../machines/reminderPlan';
import type { Permission, reminderSchedulerMachine } from '../../machines/reminderScheduler';
import type { NotificationBridge, ShownNotification } from '../services/planner/notifications';
import type { PlannerStore } from '../services/planner/planner-store';

/** How a reminder is worded: the student's language and the dictionary. */
export interface ReminderWording {
  translate: (key: string, params?: Record<string, string>) => string;
  language: () => 'en' | 'fr';
}

const DATE_PARAMS = new Set(['date', 'due', 'deadline']);

function formatDateTime(iso: string, lang: 'en' | 'fr'): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CM' : 'en-CM', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(time);
}

/** A planned reminder as the notification shows it, its dates in the student's language. */
export function shownNotificationOf(wording: ReminderWording, reminder: Reminder): ShownNotification {
  const params = Object.fromEntries(
    Object.entries(reminder.params).map(([name, value]) => [
      name,
      DATE_PARAMS.has(name) ? formatDateTime(value, wording.language()) : value,
    ]),
  );
  return {
    id: reminder.id,
    title: wording.translate(`planner.notify.title.${reminder.kind}`),
    body: wording.translate(reminder.key, params),
    route: reminder.route,
    at: reminder.at,
    ...(reminder.kind === 'expiry' ? { action: wording.translate('planner.expiry.renew') } : {}),
  };
}

/** The reminder scheduler machine's effects: the notification bridge, and the delivered ones kept. */
export function reminderSchedulerActors(
  bridge: NotificationBridge,
  store: Pick<PlannerStore, 'saveDelivered'>,
  wording: ReminderWording,
): Parameters<typeof reminderSchedulerMachine.provide>[0] {
  const toShown = (reminder: Reminder) => shownNotificationOf(wording, reminder);
  return {
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
  };
}
