import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineState } from '../ui/OfflineStates';

/**
 * A page whose code could not be downloaded (issue 18): offline, without a service worker holding it (the
 * first visit, a worker refused), a page never opened before has nothing on the phone. Says so, with what
 * still works, instead of an empty page; tries again on Retry and when the connection comes back. Drawn by
 * the routes (src/app/AppRoutes.tsx) for a screen's own code and for the root actors' code every route but
 * the landing waits for, so it is part of the first download: when it is needed, nothing else can come.
 */
export function ScreenUnavailable({ onRetry }: { onRetry: () => void }) {
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
