import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Book } from '../../../contract/books';
import type { ReaderView } from '../../../machines/bookReader';
import BookReader from '../../../src/screens/BookReader';
import { ReaderBar } from '../../../src/screens/BookReader/ReaderBar';
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

describe('the reader bar', () => {
  const reading = (over: Partial<Extract<ReaderView, { status: 'reading' }>> = {}) => ({
    status: 'reading' as const,
    page: 2,
    pageCount: 5,
    zoom: 1,
    canPrevious: true,
    canNext: true,
    canZoomIn: true,
    canZoomOut: true,
    isZoomed: false,
    ...over,
  });

  it('holds every control in one group: pages around the page number, then the zoom', async () => {
    const send = vi.fn();
    renderContent(<ReaderBar view={reading()} send={send} />, { lang: 'fr', storage: { language: 'fr' } });
    const bar = await screen.findByRole('group', { name: 'Commandes de lecture' });
    const names = [...bar.querySelectorAll('button, input')].map((control) =>
      control.getAttribute('aria-label'),
    );
    expect(names).toEqual([
      'Page précédente',
      'Numéro de page (1 à 5)',
      'Page suivante',
      'Réduire',
      'Zoom 100 % : ajuster la page à la largeur de l’écran',
      'Agrandir',
    ]);
    expect(within(bar).getByRole('textbox')).toHaveValue('2');
    expect(bar).toHaveTextContent('/ 5');
    // At 100 % the page already fits the width.
    expect(within(bar).getByRole('button', { name: /^Zoom 100 %/ })).toBeDisabled();
    await userEvent.click(within(bar).getByRole('button', { name: 'Page suivante' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Agrandir' }));
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'reader.next' },
      { type: 'reader.zoomIn' },
    ]);
  });

  it('goes to a typed page on Enter or on leaving the field, and fits a zoomed page back to the width', async () => {
    const send = vi.fn();
    const view = renderContent(<ReaderBar view={reading({ zoom: 1.5, isZoomed: true })} send={send} />);
    const field = await screen.findByRole('textbox', { name: 'Page number (1 to 5)' });
    await userEvent.clear(field);
    await userEvent.type(field, '4{Enter}');
    await userEvent.clear(field);
    await userEvent.type(field, '5');
    await userEvent.tab();
    await userEvent.click(
      screen.getByRole('button', { name: 'Zoom 150 %: fit the page to the screen width' }),
    );
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'reader.goTo', page: 4 },
      { type: 'reader.goTo', page: 5 },
      { type: 'reader.zoomFit' },
    ]);
    // Back to the page shown once the field is left.
    expect(field).toHaveValue('2');
    view.unmount();
  });
});
