import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useContentStores } from '../../app/content-stores';
import { useExpiredBooksRemoved } from '../../app/use-offline-books';
import { useResource } from '../../app/use-resource';
import { formatBytes } from '../../rules/format-bytes';
import { DateText } from '../../ui/DateText';
import { EmptyState, ErrorState, Skeleton } from '../../ui/States';
import { StoredItem } from './StoredItem';

/** The books kept for offline reading, beside the videos: size, date, open, delete. */
export function OfflineBooks() {
  const { t, i18n } = useTranslation();
  const { offlineBooks } = useContentStores();
  const books = useResource(() => offlineBooks.list());
  useExpiredBooksRemoved(books.reload);
  const [busy, setBusy] = useState(false);
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const list = books.data ?? [];
  const total = list.reduce((sum, book) => sum + book.sizeBytes, 0);

  const remove = async (key: string) => {
    setBusy(true);
    try {
      await offlineBooks.remove(key);
    } finally {
      setBusy(false);
      books.reload();
    }
  };

  return (
    <section className="cache-manager__books" aria-labelledby="offline-books-title">
      <h2 id="offline-books-title">{t('offlineBooks.title')}</h2>
      {!offlineBooks.isSupported ? <p>{t('offlineBooks.notSupported')}</p> : null}
      {books.loading ? <Skeleton label={t('app.loading')} rows={2} /> : null}
      {books.error ? (
        <ErrorState message={books.error} retryLabel={t('common.retry')} onRetry={books.retry} />
      ) : null}
      {books.data && list.length === 0 ? (
        <EmptyState
          title={t('offlineBooks.emptyTitle')}
          message={t('offlineBooks.emptyMessage')}
          action={
            <Link href="/books" className="btn btn--secondary">
              {t('offlineBooks.browse')}
            </Link>
          }
        />
      ) : null}
      {list.length > 0 ? (
        <>
          <p>{t('offlineBooks.total', { count: list.length, size: size(total) })}</p>
          <ul className="cache-manager__list">
            {list.map((book) => (
              <StoredItem
                key={book.key}
                title={<Link href={`/books/${encodeURIComponent(book.bookId)}`}>{book.title[lang]}</Link>}
                details={
                  <>
                    {book.subjectTitle} · {size(book.sizeBytes)} ·{' '}
                    <DateText iso={new Date(book.downloadedAt).toISOString()} />
                  </>
                }
                deleteLabel={t('offline.deleteOneLabel', { title: book.title[lang] })}
                busy={busy}
                onDelete={() => void remove(book.key)}
              />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
