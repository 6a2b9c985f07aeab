import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Book, BookPage, BookPageQuery } from '../../../contract/books';
import Books, { BOOKS_PER_PAGE } from '../../../src/screens/Books';
import { DAY, deferred, loggedInStorage, SUBJECTS } from '../screens/catalogue-fixtures';
import { BOOKS, renderContent } from './fixtures';

const card = (title: string) => screen.getByRole('article', { name: title });

/** A server's paging over `books`: filtered like the real one, `size` a page, cursors by position. */
function pagedServer(books: readonly Book[], size?: number) {
  return vi.fn(async (query: BookPageQuery = {}): Promise<BookPage> => {
    const matching = books.filter(
      (book) =>
        (query.section === undefined || book.section === query.section) &&
        (query.level === undefined || book.level.toLowerCase() === query.level.toLowerCase()) &&
        (query.subjectTitle === undefined || book.subjectTitle === query.subjectTitle),
    );
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const end = start + (size ?? query.limit ?? 12);
    return {
      success: true,
      books: matching.slice(start, end),
      nextCursor: end < matching.length ? String(end) : null,
      total: matching.length,
    };
  });
}

/** Books of one subject and level, numbered, to fill several pages. */
const manyBooks = (count: number): Book[] =>
  Array.from({ length: count }, (_, i) => ({
    ...(BOOKS[0] as Book),
    _id: `book-${i + 1}`,
    title: { en: `Workbook ${i + 1}`, fr: `Cahier ${i + 1}` },
  }));

describe('Books', () => {
  it('lists the books of the section with cover, author, pages and language, and the access rule', async () => {
    const fetchBookPage = pagedServer(BOOKS);
    renderContent(<Books />, { path: '/books', api: { fetchSubjects: async () => SUBJECTS, fetchBookPage } });
    expect(await screen.findByRole('article', { name: 'Formula Sheet' })).toBeInTheDocument();
    // One page of the section, never the whole list.
    expect(fetchBookPage).toHaveBeenCalledTimes(1);
    expect(fetchBookPage).toHaveBeenCalledWith({ section: 'anglophone', limit: BOOKS_PER_PAGE });
    expect(screen.getByText('2 of 2 books shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more books' })).not.toBeInTheDocument();
    const free = card('Formula Sheet');
    expect(within(free).getByText('StudyCam teachers · 3 pages · English')).toBeInTheDocument();
    expect(within(free).getByText('Free')).toBeInTheDocument();
    expect(within(free).getByRole('link', { name: 'Read Formula Sheet' })).toHaveAttribute(
      'href',
      '/books/book-free',
    );
    const locked = card('Revision Notes');
    expect(within(locked).getByText('StudyCam teachers · 1 page · French')).toBeInTheDocument();
    expect(within(locked).getByText('With the subject')).toBeInTheDocument();
    expect(within(locked).getByTestId('price')).toHaveTextContent('2 500 FCFA');
    expect(within(locked).queryByRole('link', { name: /Read/ })).toBeNull();
  });

  it("puts a locked book's subject in the cart", async () => {
    const view = renderContent(<Books />, {
      path: '/books',
      api: { fetchSubjects: async () => SUBJECTS, fetchBookPage: pagedServer(BOOKS) },
    });
    await screen.findByRole('article', { name: 'Revision Notes' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Add to the cart the subject that opens “Revision Notes”' }),
    );
    expect(view.context.cart.getSnapshot().context.items).toEqual([{ ...BOOKS[1]?.subject, amount: 1 }]);
    expect(within(card('Revision Notes')).getByText('In your cart')).toBeInTheDocument();
  });

  it('speaks French around the content in French: credits, labels, course names kept and marked English', async () => {
    const taught = SUBJECTS.map((item) => ({
      ...item,
      language: item.section === 'francophone' ? ('fr' as const) : ('en' as const),
    }));
    // The anglophone section asked for: a French reader's Books open on the francophone one.
    renderContent(<Books />, {
      path: '/books?section=anglophone',
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchSubjects: async () => taught, fetchBookPage: pagedServer(BOOKS) },
    });
    const free = await screen.findByRole('article', { name: 'Formulaire' });
    expect(within(free).getByText('Équipe pédagogique StudyCam · 3 pages · anglais')).toBeInTheDocument();
    // The subject once, under its own name (it says the level), marked as English; no "Form 5 · …" before it.
    const eyebrow = within(free).getByText('Mathematics Form 5');
    expect(eyebrow).toHaveAttribute('lang', 'en');
    expect(eyebrow.closest('p')).toHaveTextContent(/^Mathematics Form 5$/);
    const locked = card('Fiches de révision');
    expect(
      within(locked).getByRole('button', {
        name: 'Ajouter au panier la matière qui donne accès à « Fiches de révision »',
      }),
    ).toBeInTheDocument();
    // Level and course names keep their own language in the filters, and say which it is.
    const level = screen.getByRole('combobox', { name: 'Niveau' });
    expect(within(level).getByRole('option', { name: 'Tous les niveaux' })).not.toHaveAttribute('lang');
    expect(within(level).getByRole('option', { name: 'Form 5' })).toHaveAttribute('lang', 'en');
    const subject = screen.getByRole('combobox', { name: 'Matière' });
    expect(within(subject).getByRole('option', { name: 'Physics Upper Sixth' })).toHaveAttribute(
      'lang',
      'en',
    );
  });

  it('asks the server for the section, level and subject in the address', async () => {
    const fetchBookPage = pagedServer(BOOKS);
    renderContent(<Books />, {
      path: '/books?section=francophone&level=Terminale&subject=Physique-Chimie%20Terminale%20C',
      api: { fetchSubjects: async () => SUBJECTS, fetchBookPage },
    });
    expect(await screen.findByRole('heading', { name: 'No books here yet' })).toBeInTheDocument();
    expect(fetchBookPage).toHaveBeenCalledWith({
      section: 'francophone',
      level: 'Terminale',
      subjectTitle: 'Physique-Chimie Terminale C',
      limit: BOOKS_PER_PAGE,
    });
    expect(screen.getByText('No book matches these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all books of the section' })).toHaveAttribute(
      'href',
      '/books?section=francophone',
    );
  });

  it('shows a skeleton, then the error with Try again, which loads again', async () => {
    const first = deferred<BookPage>();
    const server = pagedServer(BOOKS);
    const fetchBookPage = vi.fn().mockReturnValueOnce(first.promise).mockImplementation(server);
    renderContent(<Books />, { path: '/books', api: { fetchSubjects: async () => SUBJECTS, fetchBookPage } });
    expect(screen.getByText('Loading the books…').closest('[aria-busy="true"]')).not.toBeNull();
    first.reject(new Error('Network error. Please check your internet connection.'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Formula Sheet' })).toBeInTheDocument();
  });

  it('reads one page at a time: "Show more books" asks for the next page only and keeps the first', async () => {
    const fetchBookPage = pagedServer(manyBooks(5), 2);
    renderContent(<Books />, { path: '/books', api: { fetchSubjects: async () => SUBJECTS, fetchBookPage } });
    expect(await screen.findByText('2 of 5 books shown')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more books' }));
    expect(await screen.findByText('4 of 5 books shown')).toBeInTheDocument();
    expect(card('Workbook 1')).toBeInTheDocument();
    expect(card('Workbook 4')).toBeInTheDocument();
    expect(fetchBookPage).toHaveBeenLastCalledWith({
      section: 'anglophone',
      limit: BOOKS_PER_PAGE,
      cursor: '2',
    });
    await user.click(screen.getByRole('button', { name: 'Show more books' }));
    expect(await screen.findByText('5 of 5 books shown')).toBeInTheDocument();
    expect(card('Workbook 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more books' })).not.toBeInTheDocument();
  });

  it('keeps the books shown when the next page fails, and retries it', async () => {
    const server = pagedServer(manyBooks(3), 2);
    let failures = 1;
    const fetchBookPage = vi.fn(async (query: BookPageQuery = {}) => {
      if (query.cursor !== undefined && failures > 0) {
        failures -= 1;
        throw new Error('Network error. Please check your internet connection.');
      }
      return server(query);
    });
    renderContent(<Books />, { path: '/books', api: { fetchSubjects: async () => SUBJECTS, fetchBookPage } });
    await screen.findByText('2 of 3 books shown');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more books' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(card('Workbook 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 of 3 books shown')).toBeInTheDocument();
    expect(card('Workbook 3')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts again from the first page of another filter, never showing the old list under it', async () => {
    const physics = manyBooks(3).map((book, i) => ({
      ...book,
      _id: `physics-${i + 1}`,
      title: { en: `Physics ${i + 1}`, fr: `Physique ${i + 1}` },
      level: 'Upper Sixth',
      subjectTitle: 'Physics Upper Sixth',
    }));
    const server = pagedServer([...manyBooks(3), ...physics], 2);
    const firstFiltered = deferred<BookPage>();
    const fetchBookPage = vi.fn(async (query: BookPageQuery = {}) =>
      query.level !== undefined && fetchBookPage.mock.calls.filter(([q]) => q?.level).length === 1
        ? firstFiltered.promise
        : server(query),
    );
    renderContent(<Books />, {
      path: '/books',
      api: { fetchSubjects: async () => SUBJECTS, fetchBookPage },
    });
    await screen.findByText('2 of 6 books shown');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more books' }));
    await screen.findByText('4 of 6 books shown');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Upper Sixth');
    expect(await screen.findByText('Loading the books…')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toEqual([]);
    // The new filter's first page fails: its error alone, not the other filter's books above it.
    firstFiltered.reject(new Error('Network error. Please check your internet connection.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.queryAllByRole('article')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 of 3 books shown')).toBeInTheDocument();
    expect(
      screen.getAllByRole('article').map((item) => within(item).getByRole('heading').textContent),
    ).toEqual(['Physics 1', 'Physics 2']);
    expect(fetchBookPage).toHaveBeenLastCalledWith({
      section: 'anglophone',
      level: 'Upper Sixth',
      limit: BOOKS_PER_PAGE,
    });
  });

  it('reads in French', async () => {
    renderContent(<Books />, {
      path: '/books?section=anglophone',
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchSubjects: async () => SUBJECTS, fetchBookPage: pagedServer(BOOKS) },
    });
    const free = await screen.findByRole('article', { name: 'Formulaire' });
    expect(within(free).getByText('Équipe pédagogique StudyCam · 3 pages · anglais')).toBeInTheDocument();
    expect(within(free).getByText('Gratuit')).toBeInTheDocument();
  });

  // An empty section's way on is the other school system's books, never the same empty list again.
  it.each([
    ['anglophone', 'en', 'See the Francophone section', '/books?section=francophone'],
    ['francophone', 'fr', 'Voir la section Anglophone (GCE)', '/books?section=anglophone'],
  ] as const)('an empty %s section leads to the other school system', async (section, lang, name, href) => {
    renderContent(<Books />, {
      path: `/books?section=${section}`,
      lang,
      storage: { language: lang },
      api: { fetchSubjects: async () => SUBJECTS, fetchBookPage: pagedServer([]) },
    });
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
  });

  // Issue 18: the books open on the student's own section (docs/home.md), as home does.
  it('opens on the francophone section for a French reader who owns nothing', async () => {
    const fetchBookPage = pagedServer(BOOKS);
    renderContent(<Books />, {
      path: '/books',
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchSubjects: async () => SUBJECTS, fetchBookPage },
    });
    expect(await screen.findByRole('button', { name: 'Francophone' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(fetchBookPage).toHaveBeenCalledWith({ section: 'francophone', limit: BOOKS_PER_PAGE });
  });

  it("opens on the section of the student's subjects whatever the language, and the address still wins", async () => {
    const owner = loggedInStorage({
      paidSubjects: [
        {
          subjectId: 'fr-maths-3e',
          subjectTitle: 'Mathématiques 3e',
          expiresAt: new Date(Date.now() + 100 * DAY).toISOString(),
          section: 'francophone',
        },
      ],
    });
    const fetchBookPage = pagedServer(BOOKS);
    const view = renderContent(<Books />, {
      path: '/books',
      storage: owner,
      api: { fetchSubjects: async () => SUBJECTS, fetchBookPage },
    });
    expect(await screen.findByRole('button', { name: 'Francophone' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(fetchBookPage).toHaveBeenCalledWith({ section: 'francophone', limit: BOOKS_PER_PAGE });
    view.unmount();
    renderContent(<Books />, {
      path: '/books?section=anglophone',
      storage: owner,
      api: { fetchSubjects: async () => SUBJECTS, fetchBookPage: pagedServer(BOOKS) },
    });
    expect(await screen.findByRole('article', { name: 'Formula Sheet' })).toBeInTheDocument();
  });
});
