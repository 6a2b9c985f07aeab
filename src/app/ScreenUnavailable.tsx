import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineState } from '../ui/OfflineStates';

/**
 * A screen whose code could not be downloaded (issue 18): offline, without a service worker holding it (the
 * first visit, a worker refused), a page never opened before has nothing on the phone. Says so, with what
 * still works, instead of an empty page; tries again on Retry and when the connection comes back.
 */
export default function ScreenUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <main className="page" id="main">
      <OfflineState message={t('offline.pageNotSaved')} onRetry={onRetry} />
    </main>
  );
}
