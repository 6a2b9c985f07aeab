import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Book } from '../../../contract/books';
import { textIn } from '../../rules/text-in';
import { ContentCard } from '../../ui/ContentCard';
import { PriceTag } from '../../ui/PriceTag';
import { InCartNote } from '../Home/InCartNote';
import { BookDownload } from './BookDownload';
import '../../ui/badge.css';

interface BookCardProps {
  book: Book;
  /** Access periods of the book's subject already in the cart. */
  inCart: number;
  onAddToCart: (book: Book) => void;
  onOpenCart: () => void;
}

/** A book: cover, author, pages, language, and what the server's access rule allows (read, or buy its subject). */
export function BookCard({ book, inCart, onAddToCart, onOpenCart }: BookCardProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const title = book.title[lang];
  return (
    <ContentCard
      id={book._id}
      title={title}
      picture={book.coverUrl}
      pictureShape="square"
      // The subject whose access opens the book, under its own name (which says its level), in the
      // language it is taught in (docs/content-languages.md).
      eyebrow={<span lang={book.subjectLanguage}>{book.subjectTitle}</span>}
      meta={t('books.meta', {
        author: textIn(book.author, lang),
        count: book.pages,
        language: t(`books.language.${book.language}`),
      })}
      description={book.description[lang]}
      badges={
        book.free ? (
          <span className="badge badge--success">{t('books.free')}</span>
        ) : book.locked ? (
          <span className="badge badge--warning">{t('books.locked')}</span>
        ) : (
          <span className="badge badge--success">{t('books.unlocked')}</span>
        )
      }
      actions={
        book.locked ? (
          <>
            <PriceTag amount={book.subject.price} />
            <button
              type="button"
              className="btn"
              aria-label={t('books.addSubjectLabel', { title })}
              onClick={() => onAddToCart(book)}
            >
              {t('catalogue.addToCart')}
            </button>
            <InCartNote amount={inCart} onOpenCart={onOpenCart} />
          </>
        ) : (
          <>
            <Link
              href={`/books/${encodeURIComponent(book._id)}`}
              className="btn"
              aria-label={t('books.readLabel', { title })}
            >
              {t('books.read')}
            </Link>
            <BookDownload book={book} />
          </>
        )
      }
    />
  );
}
