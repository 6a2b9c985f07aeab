import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { PaidSubject } from '../../contract/users';
import { selectUser } from '../../machines/session';
import { hasAccessAt, paidSubjectsOf } from '../rules/subject-access';
import type { OfflineBook } from '../services/offline/book-downloads';
import { useAppActors } from './actors-context';
import { useContentStores } from './content-stores';

/** The student's paid subjects as the session holds them (none when logged out). */
function usePaidSubjects(): readonly PaidSubject[] {
  const { session } = useAppActors();
  const user = useSelector(session, selectUser);
  return useMemo(() => paidSubjectsOf(user), [user]);
}

/** Whether the student may still read an offline copy: a free book, or a subject paid and unexpired. */
export function mayReadOffline(book: OfflineBook, paid: readonly PaidSubject[], now: number): boolean {
  return book.free || hasAccessAt(paid, book.subjectId, now);
}

/**
 * Issue 8: a downloaded book goes when its access ends. Screens that show offline books call this: the
 * copies of subjects no longer paid are deleted (on the device's clock) before anything lists or opens them.
 */
export function useExpiredBooksRemoved(onRemoved?: () => void) {
  const { offlineBooks } = useContentStores();
  const { now } = useAppActors();
  const paid = usePaidSubjects();
  const key = JSON.stringify(paid);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again exactly when the paid subjects change
  useEffect(() => {
    if (!offlineBooks.isSupported) return;
    void offlineBooks
      .removeExpired(paid, now())
      .then((removed) => {
        if (removed.length > 0) onRemoved?.();
      })
      .catch(() => undefined);
  }, [key]);
  return paid;
}
