import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SyncConflict } from '../../../machines/plannerSync';
import { ResourceView } from '../../ui/ListScreen';
import { EmptyState } from '../../ui/States';
import type { Planner } from './use-planner';
import './planner.css';

/** Every planner screen: its title, where the planner's copy stands, the merge notices, then its content. */
export function PlannerFrame({
  title,
  planner,
  children,
  back = true,
}: {
  title: string;
  planner: Planner;
  children: () => ReactNode;
  back?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <main className="page planner" id="main">
      {back ? (
        <nav className="planner__back" aria-label={t('planner.breadcrumb')}>
          {/* The empty query leaves behind a screen's own `?id=`/`?list=` (wouter keeps a query otherwise). */}
          <Link href="/schedule?" className="back-link">
            {t('planner.backToPlanner')}
          </Link>
        </nav>
      ) : null}
      <h1>{title}</h1>
      <ResourceView resource={planner} loadingLabel={t('planner.loading')} rows={3}>
        <SyncNote
          status={planner.syncStatus}
          refused={Object.values(planner.state.docs).some((doc) => doc.syncError !== undefined)}
        />
        {planner.conflicts.length > 0 ? (
          <ConflictNotice
            conflicts={planner.conflicts}
            onSeen={() => planner.runtime?.sync.send({ type: 'planner.conflictsSeen' })}
          />
        ) : null}
        <PlannerContent render={children} />
      </ResourceView>
    </main>
  );
}

/** The screen's own content, rendered only once the planner is there (its render reads the planner). */
function PlannerContent({ render }: { render: () => ReactNode }) {
  return render();
}

/** Where the planner's copy stands; "synced" is not said while the account refuses one of its documents. */
function SyncNote({ status, refused }: { status: Planner['syncStatus']; refused: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="planner__sync hint" role="status" data-sync={status}>
      {t(status === 'synced' && refused ? 'planner.sync.refused' : `planner.sync.${status}`)}
    </p>
  );
}

function ConflictNotice({ conflicts, onSeen }: { conflicts: readonly SyncConflict[]; onSeen: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="planner__conflicts" role="alert" aria-labelledby="planner-conflicts-title">
      <h2 id="planner-conflicts-title">{t('planner.conflicts.title')}</h2>
      <ul>
        {conflicts.map((conflict, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: notices are a fixed list until dismissed
          <li key={index}>
            {t(`planner.conflicts.${conflict.type}`, {
              title: conflict.title,
              field: conflict.field
                ? t(`planner.fieldNames.${conflict.field}`, { defaultValue: conflict.field })
                : '',
              other: typeof conflict.otherValue === 'string' ? conflict.otherValue : '',
            })}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn--secondary" onClick={onSeen}>
        {t('planner.conflicts.seen')}
      </button>
    </section>
  );
}

/** A timetable link whose timetable is gone (deleted here or on another device). */
export function TimetableNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('planner.timetables.notFoundTitle')}
      message={t('planner.timetables.notFoundMessage')}
      action={
        <Link href="/time-table-home" className="btn">
          {t('routes.time-table-home')}
        </Link>
      }
    />
  );
}
