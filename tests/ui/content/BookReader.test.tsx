import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import BookReader from '../../../src/screens/BookReader';
import type { Book } from '../../../src/services/api/types';
import { createOfflineBookStore } from '../../../src/services/offline/book-downloads';
import { createFakeCacheStorage } from '../pwa/fake-cache-storage';
import { loggedInStorage } from '../screens/catalogue-fixtures';
import { BOOKS, DAY, renderContent } from './fixtures';

const network = () => Promise.reject(new Error('Network error. Please check your internet connection.'));
const PAID = { ...(BOOKS[1] as Book), locked: false, fileUrl: 'http://localhost/books/file/book-paid?sig=1' };

async function storeWithPaidCopy() {
  const store = createOfflineBookStore({
    cacheStorage: createFakeCacheStorage().storage,
    baseUrl: 'http://localhost/',
    fetch: async () => new Response(new TextEncoder().encode('%PDF-1.4'), { status: 200 }),
  });
  await store.download(PAID);
  return store;
}

const reader = <Route path="/books/:id">{(params) => <BookReader params={params} />}</Route>;

describe('BookReader', () => {
  it("offers a locked book's subject instead of the reader", async () => {
    const view = renderContent(reader, {
      path: '/books/book-paid',
      api: { fetchBook: async () => BOOKS[1] as Book },
    });
    expect(
      await screen.findByRole('heading', { name: 'This book comes with its subject' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Book reader' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(view.context.cart.getSnapshot().context.items.map((item) => item._id)).toEqual(['ang-physics-f5']);
  });

  it('opens the copy kept on the phone when the server cannot be reached, while the access lasts', async () => {
    const offlineBooks = await storeWithPaidCopy();
    renderContent(reader, {
      path: '/books/book-paid',
      stores: { offlineBooks },
      storage: loggedInStorage({
        paidSubjects: [
          {
            subjectId: 'ang-physics-f5',
            subjectTitle: 'Physics Form 5',
            expiresAt: new Date(Date.now() + DAY).toISOString(),
          },
        ],
      }),
      api: { fetchBook: network },
    });
    expect(await screen.findByText('You are reading the copy kept on this phone.')).toBeInTheDocument();
    expect(await offlineBooks.find('book-paid')).not.toBeNull();
  });

  it('deletes the copy of a subject whose access ended instead of opening it', async () => {
    const offlineBooks = await storeWithPaidCopy();
    renderContent(reader, {
      path: '/books/book-paid',
      stores: { offlineBooks },
      storage: loggedInStorage({
        paidSubjects: [
          {
            subjectId: 'ang-physics-f5',
            subjectTitle: 'Physics Form 5',
            expiresAt: new Date(Date.now() - DAY).toISOString(),
          },
        ],
      }),
      api: { fetchBook: network },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.queryByText('You are reading the copy kept on this phone.')).toBeNull();
    expect(await offlineBooks.find('book-paid')).toBeNull();
  });
});
