import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Book } from '../../../contract/books';
import type { Bilingual } from '../../../contract/common';
import { useAppActors } from '../../app/actors-context';
import { useContentStores } from '../../app/content-stores';
import type { RouteParams } from '../../app/route-params';
import { mayReadOffline, useExpiredBooksRemoved } from '../../app/use-offline-books';
import { useResource } from '../../app/use-resource';
import { ScreenReaderStatus } from '../../ui/ListScreen';
import { LoadFailure } from '../../ui/OfflineStates';
import { PriceTag } from '../../ui/PriceTag';
import { Skeleton } from '../../ui/States';
import { useScrollToTop } from '../../ui/use-scroll-to-top';
import { booksHref } from '../Books';
import { BookDownload } from '../Books/BookDownload';
import { InCartNote } from '../Home/InCartNote';
import { useAddToCart } from '../Home/use-add-to-cart';
import { Reader } from './Reader';
import './reader.css';
import '../../ui/badge.css';

/** The book as the server gives it, or only its offline copy when the server cannot be reached. */
type OpenedBook = { source: 'server'; book: Book } | { source: 'device'; id: string; title: Bilingual };

/** Route `books/:id`: one book in the in-app reader, or its subject's offer when the book is locked. */
export default function BookReader({ params }: { params: RouteParams }) {
  const { t, i18n } = useTranslation();
  const { offlineBooks } = useContentStores();
  const { now } = useAppActors();
  const paid = useExpiredBooksRemoved();
  const id = params.id ?? '';
  useScrollToTop(id);
  const opened = useResource(async (api, bookId: string): Promise<OpenedBook> => {
    try {
      return { source: 'server', book: await api.fetchBook(bookId) };
    } catch (error) {
      const copy = await offlineBooks.find(bookId).catch(() => null);
      if (copy && mayReadOffline(copy, paid, now()))
        return { source: 'device', id: bookId, title: copy.title };
      // A copy whose access has ended goes, even when the server cannot be asked.
      if (copy) await offlineBooks.remove(copy.key).catch(() => undefined);
      throw error;
    }
  }, id);
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const data = opened.data;
  const title = data
    ? data.source === 'server'
      ? data.book.title[lang]
      : data.title[lang]
    : t('routes.book-reader');
  const back = data?.source === 'server' ? booksHref(data.book.section) : '/books';

  return (
    <main className="page reader-page" id="main">
      <Link href={back} className="back-link">
        {t('reader.backToBooks')}
      </Link>
      <h1>{title}</h1>
      {opened.loading ? <Skeleton label={t('reader.loading')} rows={3} /> : null}
      <LoadFailure resource={opened} />
      {data?.source === 'server' && data.book.locked ? <LockedBook book={data.book} /> : null}
      {data?.source === 'server' && !data.book.locked ? (
        <>
          <Reader key={data.book._id} book={data.book} />
          {/* After the page: the first screen is the book, and keeping it is the next thing to do. */}
          <BookDownload book={data.book} />
        </>
      ) : null}
      {data?.source === 'device' ? (
        <>
          <p className="offline-note">{t('reader.offlineCopy')}</p>
          <Reader key={data.id} book={{ _id: data.id }} />
        </>
      ) : null}
    </main>
  );
}

/** A book of a subject the student has not paid: what it costs and the way to buy it. */
function LockedBook({ book }: { book: Book }) {
  const { t } = useTranslation();
  const cart = useAddToCart();
  return (
    <section className="reader-locked" aria-labelledby="reader-locked-title">
      <h2 id="reader-locked-title">{t('reader.lockedTitle')}</h2>
      <p>{t('reader.lockedMessage')}</p>
      <p className="reader-locked__subject" lang={book.subjectLanguage}>
        {book.subjectTitle}
      </p>
      <div className="reader-locked__actions">
        <PriceTag amount={book.subject.price} />
        <button type="button" className="btn" onClick={() => cart.add(book.subject)}>
          {t('catalogue.addToCart')}
        </button>
        <InCartNote amount={cart.amountInCart(book.subjectId)} onOpenCart={cart.openCart} />
      </div>
      <ScreenReaderStatus message={cart.announcement} />
    </section>
  );
}
