import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One thing kept on the phone (a video, a partial download, a book): what it is, and its delete button. */
export function StoredItem({
  title,
  details,
  deleteLabel,
  busy,
  onDelete,
}: {
  title: ReactNode;
  /** Subject, size, date: one line. */
  details: ReactNode;
  /** The button's accessible name, naming what it deletes (already translated). */
  deleteLabel: string;
  busy: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="cache-manager__item">
      <div className="cache-manager__info">
        <p className="cache-manager__title">{title}</p>
        <p className="hint">{details}</p>
      </div>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={busy}
        aria-label={deleteLabel}
        onClick={onDelete}
      >
        {t('offline.deleteOne')}
      </button>
    </li>
  );
}
