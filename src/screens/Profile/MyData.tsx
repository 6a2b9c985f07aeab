import { useTranslation } from 'react-i18next';
import type { MyDataFile } from '../../rules/my-data-summary';
import { FormOutcome } from '../../ui/FormMessage';

interface MyDataProps {
  /** The file being prepared, if any. */
  busy: MyDataFile | null;
  /** The server's refusal, translated. */
  error: string | null;
  /** The name of the file last saved. */
  saved: string | null;
  onDownload: (file: MyDataFile) => void;
}

/**
 * The student's copy of everything StudyCam keeps about them: the JSON file, or a summary to read, in the
 * student's language. Nothing is sent anywhere but to this device.
 */
export function MyData({ busy, error, saved, onDownload }: MyDataProps) {
  const { t } = useTranslation();
  return (
    <section className="profile__card stack" aria-labelledby="profile-data-title">
      <h2 id="profile-data-title">{t('profile.data.title')}</h2>
      <p className="hint">{t('profile.data.intro')}</p>
      <FormOutcome error={error} confirmation={saved ? t('profile.data.saved', { file: saved }) : null} />
      {busy ? (
        <p className="visually-hidden" role="status">
          {t('profile.data.preparing')}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--block"
        disabled={busy !== null}
        onClick={() => onDownload('json')}
      >
        {busy === 'json' ? t('profile.data.preparing') : t('profile.data.json')}
      </button>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={busy !== null}
        onClick={() => onDownload('summary')}
      >
        {busy === 'summary' ? t('profile.data.preparing') : t('profile.data.summaryButton')}
      </button>
    </section>
  );
}
