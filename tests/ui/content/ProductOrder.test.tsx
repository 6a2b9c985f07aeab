import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Product } from '../../../contract/content';
import type { Order } from '../../../contract/shop';
import { ShellOverlays } from '../../../src/app/ShellOverlays';
import ProductDetails from '../../../src/screens/ProductDetails';
import { createApiClient } from '../../../src/services/api/client';
import { loggedInStorage } from '../screens/catalogue-fixtures';
import { createFakeFetch, type FakeReply, type RecordedCall } from '../services/api/fakeFetch';
import { PRODUCTS, renderContent } from './fixtures';

// Buying in the shop (issue 8) on the product's page, with the real machines, the real order calls over a
// fake server, and the shell's alerts. Texts are the dictionaries' (toHaveTextContent collapses no-break
// spaces).

const REFERENCE = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b';
const TEXTBOOK = PRODUCTS.find((p) => p._id === 'prod-textbook') as Product;
const SOLAR = PRODUCTS.find((p) => p._id === 'prod-solar') as Product;

function order(overrides: Partial<Order> = {}): Order {
  return {
    referenceId: REFERENCE,
    externalId: 'ORDER_u1_1760000000000',
    productId: TEXTBOOK._id,
    title: TEXTBOOK.title,
    picture: TEXTBOOK.imageUrl,
    quantity: 2,
    unitPrice: TEXTBOOK.price,
    town: 'Bamenda',
    status: 'RESERVED',
    totalCost: TEXTBOOK.price * 2,
    currency: 'XAF',
    msisdn: '237670000001',
    paymentStatus: 'PENDING',
    reason: null,
    createdAt: '2026-02-20T08:30:00.000Z',
    settledAt: null,
    ...overrides,
  };
}

const pendingOrder = {
  pending_order: JSON.stringify({
    v: 1,
    data: {
      referenceId: REFERENCE,
      startedAt: Date.now() - 30_000,
      phone: '237670000001',
      items: [
        {
          _id: TEXTBOOK._id,
          subjectTitle: 'Mathematics textbook',
          pictureurl: TEXTBOOK.imageUrl,
          price: TEXTBOOK.price,
          amount: 2,
          town: 'Bamenda',
        },
      ],
      amount: TEXTBOOK.price * 2,
    },
  }),
};

interface FakeShop {
  /** Answers to POST shop/orders, in order (the last repeats). */
  place?: FakeReply[];
  /** Answers to GET shop/orders/{referenceId}, in order (the last repeats). */
  read?: FakeReply[];
}

/** The order calls' server: scripted answers per route; every call recorded. */
function fakeShop(script: FakeShop) {
  let placed = 0;
  let read = 0;
  const fake = createFakeFetch((call: RecordedCall) => {
    if (call.method === 'POST' && call.url.endsWith('/shop/orders')) {
      const reply = script.place?.[placed] ?? script.place?.at(-1);
      placed += 1;
      if (reply) return reply;
    }
    if (call.method === 'GET' && call.url.includes('/shop/orders/')) {
      const reply = script.read?.[read] ?? script.read?.at(-1);
      read += 1;
      if (reply) return reply;
    }
    throw new Error(`unexpected call ${call.method} ${call.url}`);
  });
  const client = createApiClient({
    baseUrl: 'https://api.test',
    fetch: fake.fetch,
    getToken: () => 'token',
    sleep: async () => undefined,
  });
  const places = () => fake.calls.filter((call) => call.method === 'POST');
  const reads = () => fake.calls.filter((call) => call.method === 'GET');
  return { client, calls: fake.calls, places, reads };
}

function renderProduct(
  product: Product,
  options: { shop?: FakeShop; storage?: Record<string, string>; path?: string; loggedIn?: boolean } = {},
) {
  const shop = fakeShop(options.shop ?? {});
  const fetchProduct = vi.fn(async () => product);
  const view = renderContent(
    <>
      <Route path="/product-details/:id">{(params) => <ProductDetails params={params} />}</Route>
      <ShellOverlays />
    </>,
    {
      path: options.path ?? `/product-details/${product._id}`,
      storage: { ...(options.loggedIn === false ? {} : loggedInStorage({})), ...options.storage },
      api: { fetchProduct },
      client: shop.client,
    },
  );
  return { ...view, shop, fetchProduct };
}

const stored = (key: string) => {
  const raw = window.localStorage.getItem(key);
  return raw === null ? null : (JSON.parse(raw) as { data: Record<string, unknown> }).data;
};

async function alertSays(text: string) {
  const alert = await screen.findByRole('alertdialog', { name: 'Hey amina' });
  expect(alert).toHaveTextContent(text);
  if (text.startsWith('Payment was not completed')) {
    expect(alert).toHaveTextContent('No money was taken from your account.');
  }
  await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
}

async function fillOrder(user = userEvent.setup(), { more = 1, town = 'Bamenda' } = {}) {
  const increase = await screen.findByRole('button', { name: 'One more Mathematics textbook' });
  for (let i = 0; i < more; i++) await user.click(increase);
  await user.type(screen.getByRole('textbox', { name: 'Delivery town' }), town);
  return user;
}

async function payWithMtn(user: ReturnType<typeof userEvent.setup>, phone = '237670000001') {
  await user.click(screen.getByRole('button', { name: 'Buy with Mobile Money' }));
  const method = await screen.findByRole('dialog', { name: 'How do you want to pay?' });
  await user.click(within(method).getByRole('button', { name: 'MTN Mobile Money' }));
  const input = await screen.findByRole('textbox', { name: 'MTN Mobile Money number' });
  expect(input).toHaveValue('237');
  await user.clear(input);
  await user.type(input, phone);
  return input;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('buying a product', () => {
  it('invites a visitor to log in first, and back to this product afterwards', async () => {
    const { shop } = renderProduct(TEXTBOOK, { loggedIn: false });
    expect(
      await screen.findByText('Log in to order this product and pay with MTN Mobile Money.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login-with-username?next=%2Fproduct-details%2Fprod-textbook',
    );
    expect(screen.queryByRole('button', { name: 'Buy with Mobile Money' })).not.toBeInTheDocument();
    expect(shop.calls).toEqual([]);
  });

  it('keeps the quantity between 1 and the stock, totals it in FCFA, and asks for the town before paying', async () => {
    const user = userEvent.setup();
    renderProduct(TEXTBOOK);
    const less = await screen.findByRole('button', { name: 'One less Mathematics textbook' });
    const more = screen.getByRole('button', { name: 'One more Mathematics textbook' });
    expect(less).toBeDisabled();
    expect(screen.getByText('At most 3 per order')).toBeInTheDocument();
    for (let i = 0; i < 5; i++) if (!(more as HTMLButtonElement).disabled) await user.click(more);
    const quantity = screen.getByRole('group', { name: 'Quantity' });
    expect(within(quantity).getByRole('status')).toHaveTextContent('3');
    expect(more).toBeDisabled();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total: 19 500 FCFA');
    await user.click(less);
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total: 13 000 FCFA');

    await user.click(screen.getByRole('button', { name: 'Buy with Mobile Money' }));
    expect(
      screen.getByText('Please enter the town where your order should be delivered (letters only).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a sold-out product with a translated message and sends nothing', async () => {
    const user = userEvent.setup();
    const { shop } = renderProduct(SOLAR, { storage: { language: 'fr' } });
    await user.type(await screen.findByRole('textbox', { name: 'Ville de livraison' }), 'Garoua');
    await user.click(screen.getByRole('button', { name: 'Acheter par Mobile Money' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Désolé, ce produit est en rupture de stock. Rien n'a été débité.",
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shop.calls).toEqual([]);
  });

  it('places one order for a double tap, keeps it for a reload, and confirms it once paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { shop } = renderProduct(TEXTBOOK, {
      shop: {
        place: [{ status: 202, body: { success: true, referenceId: REFERENCE, order: order() } }],
        read: [
          { status: 200, body: { success: true, order: order() } },
          {
            status: 200,
            body: { success: true, order: order({ status: 'PAID', paymentStatus: 'SUCCESSFUL' }) },
          },
        ],
      },
    });
    const user = await fillOrder(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    const phone = await payWithMtn(user);
    // Enter twice, fast: the machine is already requesting after the first.
    await user.type(phone, '{Enter}{Enter}');
    await screen.findByText('Confirm the payment of 13 000 FCFA on your phone');
    expect(shop.places()).toHaveLength(1);
    expect(shop.places()[0]?.body).toEqual({
      productId: 'prod-textbook',
      quantity: 2,
      town: 'Bamenda',
      amount: '13000',
      currency: 'XAF',
      externalId: expect.stringMatching(/^ORDER_u1_\d{13}$/),
      payer: { partyIdType: 'MSISDN', partyId: '237670000001' },
      payerMessage: 'StudyCam shop',
      payeeNote: '2 × Mathematics textbook',
    });
    // A reload now resumes this reference (the cart's pending payment is another key).
    expect(stored('pending_order')).toMatchObject({ referenceId: REFERENCE, amount: 13_000 });
    expect(stored('pending_payment')).toBeNull();
    expect(stored('order_attempt')).toBeNull();

    // docs/product.md §9: the first status read comes 3 s after the request (still PENDING), the next 2 s later.
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const paid = await screen.findByRole('region', { name: 'Order paid' });
    expect(paid).toHaveTextContent('2 × Mathematics textbook for 13 000 FCFA, to collect in Bamenda.');
    expect(within(paid).getByRole('link', { name: 'See my orders' })).toHaveAttribute(
      'href',
      '/dashboard/tabs/transactions',
    );
    expect(shop.reads().map((call) => call.url)).toEqual([
      `https://api.test/shop/orders/${REFERENCE}`,
      `https://api.test/shop/orders/${REFERENCE}`,
      `https://api.test/shop/orders/${REFERENCE}`,
    ]);
    expect(stored('pending_order')).toBeNull();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the last items went meanwhile, charges nothing and reads the product again", async () => {
    const { shop, fetchProduct } = renderProduct(TEXTBOOK, {
      shop: {
        place: [
          {
            status: 409,
            body: { success: false, msg: 'Sorry, this product is out of stock. Nothing was charged.' },
          },
        ],
      },
    });
    const user = await fillOrder();
    const phone = await payWithMtn(user);
    await user.type(phone, '{Enter}');
    await alertSays('Sorry, this product is out of stock. Nothing was charged.');
    expect(shop.places()).toHaveLength(1);
    expect(shop.reads()).toEqual([]);
    expect(stored('pending_order')).toBeNull();
    expect(stored('order_attempt')).toBeNull();
    await waitFor(() => expect(fetchProduct).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Buy with Mobile Money' })).toBeEnabled();
  });

  it('sends an unanswered order again under the same externalId, so the server answers with the same order', async () => {
    const { shop } = renderProduct(TEXTBOOK, { shop: { place: ['network-failure'] } });
    const user = await fillOrder();
    const phone = await payWithMtn(user);
    await user.type(phone, '{Enter}');
    await alertSays('Network error. Please check your internet connection.');
    // docs/product.md §8: the client's own retries (2) already carried the same body.
    const first = shop.places().map((call) => (call.body as { externalId: string }).externalId);
    expect(first).toHaveLength(3);
    expect(new Set(first).size).toBe(1);
    expect(stored('order_attempt')).toMatchObject({ externalId: first[0], quantity: 2, town: 'Bamenda' });

    const again = await payWithMtn(user);
    await user.type(again, '{Enter}');
    await alertSays('Network error. Please check your internet connection.');
    const all = shop.places().map((call) => (call.body as { externalId: string }).externalId);
    expect(all).toHaveLength(6);
    expect(new Set(all)).toEqual(new Set([first[0]]));
  });

  it('resumes the pending order after a reload: the same reference, never a second order', async () => {
    const { shop } = renderProduct(TEXTBOOK, {
      storage: pendingOrder,
      shop: {
        read: [
          {
            status: 200,
            body: { success: true, order: order({ paymentStatus: 'SUCCESSFUL' }) },
          },
          {
            status: 200,
            body: { success: true, order: order({ status: 'PAID', paymentStatus: 'SUCCESSFUL' }) },
          },
        ],
      },
    });
    expect(await screen.findByRole('region', { name: 'Order paid' })).toHaveTextContent(
      '2 × Mathematics textbook for 13 000 FCFA, to collect in Bamenda.',
    );
    expect(shop.places()).toEqual([]);
    expect(stored('pending_order')).toBeNull();
  });

  it("says so when the payment fails, gives the student the product's page back, and forgets the order", async () => {
    const { shop, fetchProduct } = renderProduct(TEXTBOOK, {
      storage: pendingOrder,
      shop: {
        read: [
          {
            status: 200,
            body: {
              success: true,
              order: order({ status: 'RELEASED', paymentStatus: 'FAILED', reason: 'APPROVAL_REJECTED' }),
            },
          },
        ],
      },
    });
    // Issue 18: the same outcome as the cart's, in words: declined, no money taken, what to do; then OK.
    await alertSays('Payment was not completed. Status: Declined');
    expect(shop.places()).toEqual([]);
    expect(stored('pending_order')).toBeNull();
    await waitFor(() => expect(fetchProduct).toHaveBeenCalledTimes(2));
    // The form starts again from what the student had ordered.
    expect(screen.getByRole('textbox', { name: 'Delivery town' })).toHaveValue('Bamenda');
  });

  it('watches again the pending order the transactions tab links to, read from the server', async () => {
    const { shop } = renderProduct(TEXTBOOK, {
      path: `/product-details/prod-textbook?order=${REFERENCE}`,
      shop: {
        read: [
          { status: 200, body: { success: true, order: order() } },
          { status: 200, body: { success: true, order: order({ paymentStatus: 'SUCCESSFUL' }) } },
          {
            status: 200,
            body: { success: true, order: order({ status: 'PAID', paymentStatus: 'SUCCESSFUL' }) },
          },
        ],
      },
    });
    expect(await screen.findByRole('region', { name: 'Order paid' })).toBeInTheDocument();
    expect(shop.places()).toEqual([]);
    expect(shop.reads()).toHaveLength(3);
  });
});
