import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { useResource } from '../../app/use-resource';
import type { StudyItem, StudyList } from '../../rules/planner-docs';
import { docsOf } from '../../rules/planner-docs';
import { paidSubjectsOf } from '../../rules/subject-access';
import { EmptyState } from '../../ui/States';
import { useAddToCart } from '../Home/use-add-to-cart';
import type { AgendaEntry } from './agenda';
import { buildAgenda } from './agenda';
import { formatClock, formatDateTime, formatDay, formatDayHeading } from './dates';
import { PlannerFrame } from './PlannerFrame';
import type { Planner } from './use-planner';
import { usePlanner } from './use-planner';

// Wouter's hash navigation keeps the page's query unless the target names one, so links that must not carry an
// earlier `?id=`/`?renew=` end with an empty query.
const PLAIN_NEW_ITEM = '/new-item?';

/** `#/schedule`: the planner's home — the week's agenda, the study lists, and the way to everything else. */
export default function Schedule() {
  const { t } = useTranslation();
  const planner = usePlanner();
  return (
    <PlannerFrame title={t('planner.scheduleTitle')} planner={planner} back={false}>
      {() => <ScheduleContent planner={planner} />}
    </PlannerFrame>
  );
}

function ScheduleContent({ planner }: { planner: Planner }) {
  const { t, i18n } = useTranslation();
  const { session, now } = useAppActors();
  const user = useSelector(session, selectUser);
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const runtime = planner.runtime;
  const lists = docsOf(planner.state, 'list').sort((a, b) => a.data.name.localeCompare(b.data.name));
  const items = docsOf(planner.state, 'item');
  const days = buildAgenda({
    now: now(),
    lang,
    timetables: docsOf(planner.state, 'timetable'),
    items,
    scholarships: runtime?.savedScholarships() ?? [],
    expiries: paidSubjectsOf(user),
  });
  useRenewFromQuery();

  return (
    <>
      <nav className="planner__links" aria-label={t('planner.sections')}>
        <Link href="/time-table-home" className="btn btn--secondary">
          {t('routes.time-table-home')}
        </Link>
        <Link href="/new-list" className="btn btn--secondary">
          {t('routes.new-list')}
        </Link>
        <Link href={PLAIN_NEW_ITEM} className="btn btn--secondary">
          {t('routes.new-item')}
        </Link>
        <Link href="/local-notifications" className="btn btn--secondary">
          {t('routes.local-notifications')}
        </Link>
      </nav>

      <section aria-labelledby="agenda-title">
        <h2 id="agenda-title">{t('planner.agenda.title')}</h2>
        {days.every((day) => day.entries.length === 0) ? (
          <EmptyState
            title={t('planner.agenda.emptyTitle')}
            message={t('planner.agenda.emptyMessage')}
            action={
              <Link href="/time-table-home" className="btn">
                {t('planner.timetables.create')}
              </Link>
            }
          />
        ) : (
          days.map((day, index) => (
            <section key={day.day} className="agenda-day" aria-label={formatDayHeading(day.day, lang)}>
              <h3>
                {index === 0
                  ? t('planner.agenda.today', { date: formatDay(day.day, lang) })
                  : formatDayHeading(day.day, lang)}
              </h3>
              {day.entries.length === 0 ? (
                <p className="hint">{t('planner.agenda.nothing')}</p>
              ) : (
                <ul className="agenda-list">
                  {day.entries.map((entry) => (
                    <AgendaRow key={entry.key} entry={entry} lang={lang} />
                  ))}
                </ul>
              )}
            </section>
          ))
        )}
      </section>

      <section aria-labelledby="lists-title">
        <h2 id="lists-title">{t('planner.lists.title')}</h2>
        {lists.length === 0 ? (
          <EmptyState
            title={t('planner.lists.emptyTitle')}
            message={t('planner.lists.emptyMessage')}
            action={
              <Link href="/new-list" className="btn">
                {t('routes.new-list')}
              </Link>
            }
          />
        ) : (
          lists.map((list) => (
            <ListCard
              key={list.id}
              list={list}
              lists={lists}
              items={items.filter((i) => i.data.listId === list.id)}
              planner={planner}
            />
          ))
        )}
      </section>
    </>
  );
}

function AgendaRow({ entry, lang }: { entry: AgendaEntry; lang: 'en' | 'fr' }) {
  const { t } = useTranslation();
  const time = formatClock(entry.at, lang);
  switch (entry.kind) {
    case 'period':
      return (
        <li className="agenda-entry agenda-entry--period" style={{ borderLeftColor: entry.colour }}>
          <span className="agenda-entry__time">
            {time}–{formatClock(entry.end, lang)}
          </span>
          <Link href={`/timetable/${entry.timetableId}`}>{entry.subject}</Link>
          {entry.room ? <span className="hint"> · {entry.room}</span> : null}
        </li>
      );
    case 'item':
      return (
        <li className="agenda-entry agenda-entry--item">
          <span className="agenda-entry__time">{time}</span>
          <span className={entry.done ? 'planner-item--done' : undefined}>
            {t('planner.agenda.itemDue', { title: entry.title })}
          </span>
        </li>
      );
    case 'deadline':
      return (
        <li className="agenda-entry agenda-entry--deadline">
          <span className="agenda-entry__time">{time}</span>
          <span>{t('planner.agenda.deadline', { title: entry.title, provider: entry.provider })}</span>
        </li>
      );
    case 'expiry':
      return (
        <li className="agenda-entry agenda-entry--expiry">
          <span className="agenda-entry__time">{time}</span>
          <span>{t('planner.agenda.expiry', { subject: entry.subjectTitle })}</span>{' '}
          <Link href={`/schedule?renew=${encodeURIComponent(entry.subjectId)}`}>
            {t('planner.expiry.renew')}
          </Link>
        </li>
      );
  }
}

function ListCard({
  list,
  lists,
  items,
  planner,
}: {
  list: StudyList;
  lists: readonly StudyList[];
  items: readonly StudyItem[];
  planner: Planner;
}) {
  const { t, i18n } = useTranslation();
  const runtime = planner.runtime;
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const sorted = [...items].sort(
    (a, b) =>
      Number(a.data.done) - Number(b.data.done) || (a.data.due ?? '~').localeCompare(b.data.due ?? '~'),
  );
  return (
    <article className="planner-list" aria-labelledby={`list-${list.id}`}>
      <header className="planner-list__header">
        <h3 id={`list-${list.id}`}>{list.data.name}</h3>
        <Link href={`/new-item?list=${encodeURIComponent(list.id)}`} className="btn btn--secondary">
          {t('planner.items.add')}
        </Link>
        <button
          type="button"
          className="btn btn--destructive"
          onClick={() => {
            void runtime?.remove('list', list.id);
            for (const item of items) void runtime?.remove('item', item.id);
          }}
        >
          {t('planner.lists.delete', { name: list.data.name })}
        </button>
      </header>
      {list.syncError ? <p className="form-field__error">{list.syncError}</p> : null}
      {sorted.length === 0 ? (
        <p className="hint">{t('planner.items.none')}</p>
      ) : (
        <ul className="planner-items">
          {sorted.map((item) => (
            <li key={item.id} className="planner-item">
              <label className="planner-item__tick">
                <input
                  type="checkbox"
                  checked={item.data.done}
                  onChange={(event) =>
                    void runtime?.save('item', item.id, { ...item.data, done: event.target.checked })
                  }
                />
                <span className={item.data.done ? 'planner-item--done' : undefined}>{item.data.title}</span>
              </label>
              {item.data.due ? (
                <span className="hint">
                  {t('planner.items.due', { date: formatDateTime(Date.parse(item.data.due), lang) })}
                </span>
              ) : null}
              {item.syncError ? <p className="form-field__error">{item.syncError}</p> : null}
              <div className="planner-item__actions">
                <Link href={`/new-item?id=${encodeURIComponent(item.id)}`} className="btn btn--secondary">
                  {t('planner.items.edit', { title: item.data.title })}
                </Link>
                {lists.length > 1 ? (
                  <label>
                    <span className="visually-hidden">
                      {t('planner.items.moveTo', { title: item.data.title })}
                    </span>
                    <select
                      className="input"
                      value={item.data.listId}
                      onChange={(event) =>
                        void runtime?.save('item', item.id, { ...item.data, listId: event.target.value })
                      }
                    >
                      {lists.map((other) => (
                        <option key={other.id} value={other.id}>
                          {other.data.name}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                <button
                  type="button"
                  className="btn btn--destructive"
                  onClick={() => void runtime?.remove('item', item.id)}
                >
                  {t('planner.items.delete', { title: item.data.title })}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** `#/schedule?renew=<subjectId>` (a tapped expiry reminder): the subject goes into the cart, the cart opens. */
function useRenewFromQuery() {
  const subjectId = new URLSearchParams(useSearch()).get('renew');
  const [, navigate] = useLocation();
  const catalogue = useResource((api) => api.fetchSubjects(), undefined, { keep: 'subjects' });
  const cartActions = useAddToCart();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!subjectId || done.current === subjectId || !catalogue.data) return;
    const subject = catalogue.data.find((s) => s._id === subjectId);
    done.current = subjectId;
    if (subject) {
      cartActions.add(subject);
      cartActions.openCart();
    }
    navigate('/schedule?', { replace: true });
  }, [subjectId, catalogue.data, cartActions, navigate]);
}
