import { useTranslation } from 'react-i18next';
import { formatDate } from './DateText';
import './content-card.css';

/** Over a copy read from the device because the server cannot be reached: "Saved 12 Nov 2026". */
export function SavedNote({ savedAt }: { savedAt: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="offline-note" role="note">
      {t('reading.savedOn', { date: formatDate(savedAt, i18n.language) })}
    </p>
  );
}
