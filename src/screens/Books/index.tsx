import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useResource } from '../../app/use-machines';
import { useExpiredBooksRemoved } from '../../app/use-offline-books';
import type { Book, Section } from '../../services/api/types';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { EmptyState, ErrorState, Skeleton } from '../../ui/States';
import { useAddToCart } from '../Home/use-add-to-cart';
import { levelsOf, SECTIONS, sectionById } from '../SectionVideos/sections';
import { BookCard } from './BookCard';
import '../../ui/content-card.css';

export const booksHref = (section: Section, level = '', subject = '') => {
  const query = new URLSearchParams({ section });
  if (level) query.set('level', level);
  if (subject) query.set('subject', subject);
  return `/books?${query.toString()}`;
};

/** Route `books`: the books of a section, narrowed by level and subject, each readable or for sale. */
export default function Books() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const section = sectionById(query.get('section'));
  const level = query.get('level') ?? '';
  const subject = query.get('subject') ?? '';
  // The filter choices come from the cached subject catalogue; the books themselves from the server's filter.
  const subjects = useResource((api) => api.fetchSubjects());
  const books = useResource(
    (api, filter: { section: Section; level: string; subject: string }) =>
      api.filteredBooks({
        section: filter.section,
        ...(filter.level ? { level: filter.level } : {}),
        ...(filter.subject ? { subjectTitle: filter.subject } : {}),
      }),
    { section: section.id, level, subject },
  );
  const cart = useAddToCart();
  // Copies of subjects no longer paid go before a card can say a book is on this phone.
  useExpiredBooksRemoved();

  const inSection = (subjects.data ?? []).filter((item) => item.section === section.id);
  const levels = levelsOf(
    section,
    inSection.map((item) => item.level),
  );
  const subjectTitles = inSection
    .filter((item) => !level || item.level === level)
    .map((item) => item.subjectTitle);

  const addToCart = (book: Book) => cart.add(book.subject);

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
      <div className="filters">
        {levels.length > 1 ? (
          <label>
            <span>{t('catalogue.level')}</span>
            <select
              className="input"
              name="level"
              value={level}
              onChange={(event) => navigate(booksHref(section.id, event.target.value), { replace: true })}
            >
              <option value="">{t('catalogue.allLevels')}</option>
              {levels.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {subjectTitles.length > 1 ? (
          <label>
            <span>{t('books.subject')}</span>
            <select
              className="input"
              name="subject"
              value={subject}
              onChange={(event) =>
                navigate(booksHref(section.id, level, event.target.value), { replace: true })
              }
            >
              <option value="">{t('books.allSubjects')}</option>
              {subjectTitles.map((title) => (
                <option key={title} value={title}>
                  {title}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {cart.announcement}
      </p>
      {books.loading ? (
        <Skeleton label={t('books.loading')} rows={4} />
      ) : books.error ? (
        <ErrorState message={books.error} retryLabel={t('common.retry')} onRetry={books.retry} />
      ) : (books.data ?? []).length === 0 ? (
        <EmptyState
          title={t('books.emptyTitle')}
          message={t(level || subject ? 'books.emptyFiltered' : 'books.emptySection')}
          action={
            <Link
              href={booksHref(level || subject ? section.id : 'anglophone')}
              className="btn btn--secondary"
            >
              {t(level || subject ? 'books.clearFilters' : 'books.otherSection')}
            </Link>
          }
        />
      ) : (
        <ul className="content-list" aria-label={t(`sections.${section.id}.title`)}>
          {(books.data ?? []).map((book) => (
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
      )}
      <OfflineBooksHint />
    </main>
  );
}

function OfflineBooksHint() {
  const { t } = useTranslation();
  return (
    <p className="hint">
      <Link href="/cache-manager">{t('books.offlineHint')}</Link>
    </p>
  );
}
