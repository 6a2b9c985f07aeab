import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Book, FilteredBooksPayload } from '../../../contract/books';
import type { Section } from '../../../contract/common';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import type { AppApi } from '../../app/create-app-actors';
import { useExpiredBooksRemoved } from '../../app/use-offline-books';
import { useResource } from '../../app/use-resource';
import { readPages } from '../../rules/read-pages';
import { studentSection } from '../../rules/student-section';
import { paidSubjectsOf } from '../../rules/subject-access';
import { FilteredEmptyState, ScreenReaderStatus } from '../../ui/ListScreen';
import { LoadFailure, SavedCopyNote } from '../../ui/OfflineStates';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { ShowMore } from '../../ui/ShowMore';
import { Skeleton } from '../../ui/States';
import { useAddToCart } from '../Home/use-add-to-cart';
import { useQuery } from '../LoginWithUsername/use-query';
import { otherSchoolSystem, requestedOrOwn, SECTIONS, sectionById } from '../SectionVideos/sections';
import { BookCard } from './BookCard';
import { BookFilters } from './BookFilters';
import { booksHref } from './books-href';
import '../../ui/content-card.css';

export { booksHref } from './books-href';

/** Books a page: about three screens of cards on a phone, a cover picture each. */
export const BOOKS_PER_PAGE = 12;

interface BookFilter {
  section: Section;
  /** '' for every level. */
  level: string;
  /** '' for every subject. */
  subject: string;
}

interface BookPagesParams extends BookFilter {
  /** Pages asked for so far: "more" adds one. */
  pages: number;
}

interface BookPages {
  /** The filter these books answer, so a list is never shown under another filter's choices. */
  filterKey: string;
  books: Book[];
  /** Books matching the filter, loaded or not. */
  total: number;
  hasMore: boolean;
}

const filterKeyOf = (filter: BookFilter) => JSON.stringify([filter.section, filter.level, filter.subject]);

/** The books of the first `pages` pages: the server filters and pages (issue 12). */
async function loadBookPages(api: AppApi, params: BookPagesParams): Promise<BookPages> {
  const filter: FilteredBooksPayload = {
    section: params.section,
    ...(params.level ? { level: params.level } : {}),
    ...(params.subject ? { subjectTitle: params.subject } : {}),
  };
  const read = await readPages(
    params.pages,
    (cursor) =>
      api.fetchBookPage({ ...filter, limit: BOOKS_PER_PAGE, ...(cursor === undefined ? {} : { cursor }) }),
    (page) => page.books,
  );
  return { filterKey: filterKeyOf(params), books: read.items, total: read.total, hasMore: read.hasMore };
}

/** Route `books`: the books of a section, narrowed by level and subject, each readable or for sale. */
export default function Books() {
  const { t, i18n } = useTranslation();
  const { session, now } = useAppActors();
  const user = useSelector(session, selectUser);
  const [, navigate] = useLocation();
  // The query wherever the link put it: a typed or shared `#/home?section=…` keeps it inside the hash.
  const query = new URLSearchParams(useQuery());
  // The filter choices come from the cached subject catalogue; the books themselves from the server's filter.
  const subjects = useResource((api) => api.fetchSubjects(), undefined, { keep: 'subjects' });
  // The student's own section unless the address names one (docs/home.md), as on home.
  const section = requestedOrOwn(query.get('section'), () =>
    studentSection(paidSubjectsOf(user), subjects.data, i18n.language, now()),
  );
  const level = query.get('level') ?? '';
  const subject = query.get('subject') ?? '';
  const filterKey = filterKeyOf({ section: section.id, level, subject });
  // Another filter starts again from its first page.
  const [paging, setPaging] = useState({ filterKey, pages: 1 });
  const pages = paging.filterKey === filterKey ? paging.pages : 1;
  const books = useResource(
    loadBookPages,
    { section: section.id, level, subject, pages },
    { keep: 'book-pages' },
  );
  const shown = books.data?.filterKey === filterKey ? books.data : null;
  const cart = useAddToCart();
  // Copies of subjects no longer paid go before a card can say a book is on this phone.
  useExpiredBooksRemoved();

  return (
    <main className="page books" id="main">
      <h1>{t('routes.books')}</h1>
      <p className="hint">{t('books.intro')}</p>
      <SegmentedControl
        label={t('catalogue.sectionsLabel')}
        segments={SECTIONS.map((s) => ({ id: s.id, label: t(`sections.${s.id}.title`) }))}
        selected={section.id}
        onSelect={(id) => navigate(booksHref(sectionById(id).id), { replace: true })}
      />
      <BookFilters section={section} level={level} subject={subject} catalogue={subjects.data} />
      <ScreenReaderStatus message={cart.announcement} />
      {shown === null || (books.loading && pages === 1) ? (
        books.error !== null ? (
          <LoadFailure resource={books} />
        ) : (
          <Skeleton label={t('books.loading')} rows={4} />
        )
      ) : shown.books.length === 0 ? (
        <BooksEmpty section={section.id} filtered={level !== '' || subject !== ''} />
      ) : (
        <BookList
          section={section.id}
          shown={shown}
          books={books}
          cart={cart}
          onMore={() => setPaging({ filterKey, pages: pages + 1 })}
        />
      )}
      <OfflineBooksHint />
    </main>
  );
}

function OfflineBooksHint() {
  const { t } = useTranslation();
  return (
    <p className="hint">
      <Link href="/cache-manager" className="link-target">
        {t('books.offlineHint')}
      </Link>
    </p>
  );
}

/** No book for this filter: clear it, or look at the other school system. */
function BooksEmpty({ section, filtered }: { section: Section; filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <FilteredEmptyState
      title={t('books.emptyTitle')}
      filtered={filtered}
      messages={{ filtered: t('books.emptyFiltered'), unfiltered: t('books.emptySection') }}
      clear={{ href: booksHref(section), label: t('books.clearFilters') }}
      otherwise={{
        href: booksHref(otherSchoolSystem(section)),
        label: t('books.otherSection', { section: t(`sections.${otherSchoolSystem(section)}.title`) }),
      }}
    />
  );
}

interface BookListProps {
  section: Section;
  shown: BookPages;
  books: ReturnType<typeof useResource<BookPages, BookPagesParams>>;
  cart: ReturnType<typeof useAddToCart>;
  onMore: () => void;
}

/** The books loaded so far, each readable or for sale, and the way to the next page. */
function BookList({ section, shown, books, cart, onMore }: BookListProps) {
  const { t } = useTranslation();
  const addToCart = (book: Book) => cart.add(book.subject);
  return (
    <>
      <SavedCopyNote resource={books} />
      <ul className="content-list" aria-label={t(`sections.${section}.title`)}>
        {shown.books.map((book) => (
          <li key={book._id}>
            <BookCard
              book={book}
              inCart={cart.amountInCart(book.subjectId)}
              onAddToCart={addToCart}
              onOpenCart={cart.openCart}
            />
          </li>
        ))}
      </ul>
      <ShowMore
        shownText={t('paging.booksShown', { shown: shown.books.length, total: shown.total })}
        hasMore={shown.hasMore}
        loading={books.loading}
        error={books.error}
        moreLabel={t('paging.moreBooks')}
        loadingLabel={t('paging.loadingMoreBooks')}
        retryLabel={t('common.retry')}
        onMore={onMore}
        onRetry={books.retry}
      />
    </>
  );
}
