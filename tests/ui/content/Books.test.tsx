import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import Books from '../../../src/screens/Books';
import { deferred, SUBJECTS } from '../screens/catalogue-fixtures';
import { BOOKS, renderContent } from './fixtures';

const card = (title: string) => screen.getByRole('article', { name: title });

describe('Books', () => {
  it('lists the books of the section with cover, author, pages and language, and the access rule', async () => {
    const filteredBooks = vi.fn(async () => BOOKS);
    renderContent(<Books />, { path: '/books', api: { fetchSubjects: async () => SUBJECTS, filteredBooks } });
    expect(await screen.findByRole('article', { name: 'Formula Sheet' })).toBeInTheDocument();
    expect(filteredBooks).toHaveBeenCalledWith({ section: 'anglophone' });
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
      api: { fetchSubjects: async () => SUBJECTS, filteredBooks: async () => BOOKS },
    });
    await screen.findByRole('article', { name: 'Revision Notes' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Add Physics Form 5 to the cart, to read Revision Notes' }),
    );
    expect(view.context.cart.getSnapshot().context.items).toEqual([{ ...BOOKS[1]?.subject, amount: 1 }]);
    expect(within(card('Revision Notes')).getByText('In your cart')).toBeInTheDocument();
  });

  it('asks the server for the section, level and subject in the address', async () => {
    const filteredBooks = vi.fn(async () => [] as typeof BOOKS);
    renderContent(<Books />, {
      path: '/books?section=francophone&level=Terminale&subject=Physique-Chimie%20Terminale%20C',
      api: { fetchSubjects: async () => SUBJECTS, filteredBooks },
    });
    expect(await screen.findByRole('heading', { name: 'No books here yet' })).toBeInTheDocument();
    expect(filteredBooks).toHaveBeenCalledWith({
      section: 'francophone',
      level: 'Terminale',
      subjectTitle: 'Physique-Chimie Terminale C',
    });
    expect(screen.getByText('No book matches these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all books of the section' })).toHaveAttribute(
      'href',
      '/books?section=francophone',
    );
  });

  it('shows a skeleton, then the error with Try again, which loads again', async () => {
    const first = deferred<typeof BOOKS>();
    const filteredBooks = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(BOOKS);
    renderContent(<Books />, { path: '/books', api: { fetchSubjects: async () => SUBJECTS, filteredBooks } });
    expect(screen.getByText('Loading the books…').closest('[aria-busy="true"]')).not.toBeNull();
    first.reject(new Error('Network error. Please check your internet connection.'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Formula Sheet' })).toBeInTheDocument();
  });

  it('reads in French', async () => {
    renderContent(<Books />, {
      path: '/books',
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchSubjects: async () => SUBJECTS, filteredBooks: async () => BOOKS },
    });
    const free = await screen.findByRole('article', { name: 'Formulaire' });
    expect(within(free).getByText('StudyCam teachers · 3 pages · anglais')).toBeInTheDocument();
    expect(within(free).getByText('Gratuit')).toBeInTheDocument();
  });
});
