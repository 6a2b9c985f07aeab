import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { createActor } from 'xstate';
import type { ReminderKind, ReminderSwitches } from '../../../machines/reminderPlan';
import { REMINDER_TIMING } from '../../../machines/reminderPlan';
import {
  reminderSchedulerMachine,
  selectCanAskPermission,
  selectDelivery,
  selectIsActive,
  selectPermission,
} from '../../../machines/reminderScheduler';
import { EmptyState } from '../../ui/States';
import { formatDateTime } from './dates';
import { PlannerFrame } from './PlannerFrame';
import type { Planner } from './use-planner';
import { usePlanner } from './use-planner';

const idleScheduler = createActor(reminderSchedulerMachine, { input: { delivery: 'page' } });

const SWITCHES: { kind: ReminderKind; field: keyof Omit<ReminderSwitches, 'periodLeadMinutes'> }[] = [
  { kind: 'period', field: 'periods' },
  { kind: 'item', field: 'items' },
  { kind: 'deadline', field: 'deadlines' },
  { kind: 'expiry', field: 'expiry' },
];

/** `#/local-notifications`: what is scheduled, a switch per kind, the permission, and a test notification. */
export default function LocalNotifications() {
  const { t } = useTranslation();
  const planner = usePlanner();
  return (
    <PlannerFrame title={t('routes.local-notifications')} planner={planner}>
      {() => <Reminders planner={planner} />}
    </PlannerFrame>
  );
}

function Reminders({ planner }: { planner: Planner }) {
  const { t, i18n } = useTranslation();
  const runtime = planner.runtime;
  const scheduler = runtime?.reminders ?? idleScheduler;
  const permission = useSelector(scheduler, selectPermission);
  const canAsk = useSelector(scheduler, selectCanAskPermission);
  const active = useSelector(scheduler, selectIsActive);
  const delivery = useSelector(scheduler, selectDelivery);
  const switches = planner.state.switches;
  const planned = runtime?.plannedReminders() ?? [];
  const setSwitches = (next: Partial<ReminderSwitches>) =>
    void runtime?.setSwitches({ ...switches, ...next });

  return (
    <>
      <section aria-labelledby="permission-title" className="planner-card">
        <h2 id="permission-title">{t('planner.reminders.permissionTitle')}</h2>
        <p data-testid="notification-permission">
          {t(`planner.reminders.permission.${permission ?? 'checking'}`)}
        </p>
        <div className="planner-card__actions">
          {canAsk ? (
            <button
              type="button"
              className="btn"
              onClick={() => scheduler.send({ type: 'reminders.askPermission' })}
            >
              {t('planner.reminders.ask')}
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!active}
            onClick={() => runtime?.sendTestNotification()}
          >
            {t('planner.reminders.test')}
          </button>
        </div>
        <p className="hint">
          {t(delivery === 'system' ? 'planner.reminders.nativeNote' : 'planner.reminders.browserNote')}
        </p>
      </section>

      <section aria-labelledby="switches-title" className="planner-card">
        <h2 id="switches-title">{t('planner.reminders.switchesTitle')}</h2>
        <ul className="switch-list">
          {SWITCHES.map(({ kind, field }) => (
            <li key={kind}>
              <label className="switch">
                <input
                  type="checkbox"
                  checked={switches[field]}
                  onChange={(e) => setSwitches({ [field]: e.target.checked })}
                />
                {t(`planner.reminders.kind.${kind}`)}
              </label>
            </li>
          ))}
        </ul>
        <label className="form-field__label" htmlFor="period-lead">
          {t('planner.reminders.leadMinutes')}
        </label>
        <select
          id="period-lead"
          className="input"
          value={switches.periodLeadMinutes}
          disabled={!switches.periods}
          onChange={(e) => setSwitches({ periodLeadMinutes: Number(e.target.value) })}
        >
          {REMINDER_TIMING.periodLeadMinutesChoices.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t('planner.reminders.minutesBefore', { count: minutes })}
            </option>
          ))}
        </select>
      </section>

      <section aria-labelledby="scheduled-title">
        <h2 id="scheduled-title">{t('planner.reminders.scheduledTitle')}</h2>
        {planned.length === 0 ? (
          <EmptyState title={t('planner.reminders.noneTitle')} message={t('planner.reminders.noneMessage')} />
        ) : (
          <ul className="agenda-list">
            {planned.map((reminder) => {
              const shown = runtime?.describe(reminder);
              return (
                <li key={reminder.id} className="agenda-entry">
                  <span className="agenda-entry__time">{formatDateTime(reminder.at, i18n.language)}</span>
                  <span>
                    <strong>{shown?.title}</strong> {shown?.body}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
