import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '../../../contract/payments';
import Dashboard from '../../../src/screens/Dashboard';
import { type RenderAppOptions, renderWithApp } from '../helpers/render-app';
import { DAY, deferred, loggedInStorage, payment, SUBJECTS } from './catalogue-fixtures';

const PAYMENTS = [
  payment({
    referenceId: 'ref-pending',
    status: 'PENDING',
    items: [
      { subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', amount: 2 },
      { subjectId: 'gone', subjectTitle: null, amount: 1 },
    ],
    totalCost: 7500,
    msisdn: '23746733123453',
    createdAt: '2026-02-20T08:30:00.000Z',
  }),
  payment({ referenceId: 'ref-ok', status: 'SUCCESSFUL', totalCost: 12500 }),
  payment({ referenceId: 'ref-ko', status: 'FAILED', reason: 'APPROVAL_REJECTED' }),
  payment({ referenceId: 'ref-odd', status: 'TIMEOUT' }),
  payment({ referenceId: 'ref-mtn', status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' }),
];

const user = {
  firstname: 'Amina',
  lastname: 'Fon',
  email: 'amina@example.cm',
  phonenumber: '237670000001',
  createdAt: '2025-09-01T00:00:00.000Z',
  paidSubjects: [
    {
      subjectId: 'ang-maths-f5',
      subjectTitle: 'Mathematics Form 5',
      expiresAt: new Date(Date.now() + 90 * DAY).toISOString(),
    },
    {
      subjectId: 'fr-maths-3e',
      subjectTitle: 'Mathématiques 3e',
      expiresAt: new Date(Date.now() - DAY).toISOString(),
    },
  ],
};

const renderTransactions = (api: RenderAppOptions['api']) =>
  renderWithApp(<Dashboard params={{}} titleKey="transactions" />, {
    path: '/dashboard/tabs/transactions',
    storage: loggedInStorage(user),
    api,
  });

describe('dashboard: overview', () => {
  it('shows the profile summary, the paid subjects count and quick links, with the Overview tab current', () => {
    renderWithApp(<Dashboard params={{}} titleKey="dashboard" />, {
      path: '/dashboard',
      storage: loggedInStorage(user),
    });
    expect(screen.getByRole('heading', { name: 'Hello Amina Fon' })).toBeInTheDocument();
    expect(screen.getByText('amina@example.cm')).toBeInTheDocument();
    expect(screen.getByTestId('paid-count')).toHaveTextContent('2');
    expect(screen.getByText('paid subjects')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'href',
      '/dashboard/tabs/transactions',
    );
    expect(screen.getByRole('link', { name: 'Study my subjects' })).toHaveAttribute(
      'href',
      '/study-sections',
    );
  });
});

describe('dashboard/tabs/transactions', () => {
  it('lists the payments with translated status, amount in FCFA, date and items', async () => {
    renderTransactions({ fetchTransactions: async () => PAYMENTS, fetchSubjects: async () => SUBJECTS });
    const pending = await screen.findByRole('article', { name: '7\u202F500\u00A0FCFA' });
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    expect(within(pending).getByTestId('payment-status')).toHaveTextContent('Pending');
    expect(within(pending).getByText('20 Feb 2026')).toBeInTheDocument();
    expect(within(pending).getByText('Mathematics Form 5')).toBeInTheDocument();
    expect(within(pending).getByText('Quantity: 2')).toBeInTheDocument();
    expect(within(pending).getByText('Subject no longer available')).toBeInTheDocument();
    // Issue 18: the status named in the student's words, never the provider's (TIMEOUT, FAILED + a reason).
    const statuses = screen.getAllByTestId('payment-status').map((s) => s.textContent);
    expect(statuses).toEqual(['Pending', 'Successful', 'Declined', 'Expired', 'Failed']);
    expect(screen.getByText('Declined on the phone. No money was taken.')).toBeInTheDocument();
    expect(screen.getByText('Not approved in time. No money was taken.')).toBeInTheDocument();
    expect(
      screen.getByText('MTN Mobile Money could not complete it. No money was taken.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'My payments' })).not.toHaveTextContent(
      /TIMEOUT|INTERNAL|FAILED/,
    );
    expect(screen.getAllByRole('button', { name: 'Resume' })).toHaveLength(1);
  });

  it('resumes a pending payment with checkout.resume: same reference, items from the catalogue, its amount', async () => {
    const now = Date.parse('2026-02-21T09:00:00.000Z');
    const view = renderWithApp(<Dashboard params={{}} titleKey="transactions" />, {
      path: '/dashboard/tabs/transactions',
      now: () => now,
      storage: loggedInStorage(user, now),
      api: {
        fetchTransactions: async () => PAYMENTS,
        fetchSubjects: async () => SUBJECTS,
        // The status check stays unanswered: this test is about what is resumed, not how it ends.
        getPaymentStatus: () => new Promise(() => {}),
      },
    });
    const checkout = await view.context.checkout.load();
    const send = vi.spyOn(checkout, 'send');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resume' }));
    expect(send).toHaveBeenCalledWith({
      type: 'checkout.resume',
      pending: {
        referenceId: 'ref-pending',
        startedAt: Date.parse('2026-02-20T08:30:00.000Z'),
        phone: '23746733123453',
        items: [
          {
            _id: 'ang-maths-f5',
            subjectTitle: 'Mathematics Form 5',
            pictureurl: 'https://cdn.test/ang-maths-f5.webp',
            price: 2500,
            amount: 2,
          },
          { _id: 'gone', subjectTitle: '', pictureurl: '', price: 0, amount: 1 },
        ],
        amount: 7500,
      },
      user: expect.objectContaining({ id: 'u1', username: 'amina' }),
      now,
    });
    expect(checkout.getSnapshot().matches('payingWithMobileMoney')).toBe(true);
    expect(screen.getByRole('button', { name: 'Resume' })).toBeDisabled();
    expect(screen.getByText('A payment is being checked…')).toBeInTheDocument();
  });

  it('lists shop orders with their product, quantity, delivery town and what became of them', async () => {
    const line = (status: OrderStatus) => ({
      productId: 'prod-calculator',
      title: { en: 'Scientific calculator', fr: 'Calculatrice scientifique' },
      picture: null,
      quantity: 2,
      unitPrice: 8500,
      town: 'Bamenda',
      status,
    });
    const orders = [
      payment({
        referenceId: 'ord-pending',
        status: 'PENDING',
        kind: 'order',
        items: [],
        totalCost: 17000,
        order: line('RESERVED'),
      }),
      payment({
        referenceId: 'ord-paid',
        status: 'SUCCESSFUL',
        kind: 'order',
        items: [],
        order: line('PAID'),
      }),
      payment({ referenceId: 'ord-ko', status: 'FAILED', kind: 'order', items: [], order: line('RELEASED') }),
    ];
    renderTransactions({ fetchTransactions: async () => orders, fetchSubjects: async () => SUBJECTS });
    const pending = await screen.findByRole('article', { name: '17\u202F000\u00A0FCFA' });
    expect(within(pending).getByText('Scientific calculator')).toBeInTheDocument();
    expect(within(pending).getByText('Quantity: 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('order-status').map((s) => s.textContent)).toEqual([
      'Items held while you pay',
      'Paid, to be delivered',
      'Not paid: the items went back to the shop',
    ]);
    expect(screen.getAllByText('Delivery: Bamenda')).toHaveLength(3);
    // A pending order is watched again on its product's page, never by the cart's checkout.
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Resume' })).toHaveAttribute(
      'href',
      '/product-details/prod-calculator?order=ord-pending',
    );
  });

  it('says what to do when there is no payment yet', async () => {
    renderTransactions({ fetchTransactions: async () => [], fetchSubjects: async () => SUBJECTS });
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toBeInTheDocument();
  });

  it('shows a skeleton, then the error with a retry', async () => {
    const first = deferred<typeof PAYMENTS>();
    const fetchTransactions = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(PAYMENTS);
    renderTransactions({ fetchTransactions, fetchSubjects: async () => SUBJECTS });
    expect(screen.getByText('Loading your payments…')).toBeInTheDocument();
    first.reject(new Error('Invalid credentials or session expired.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials or session expired.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('payment-status')).toHaveLength(PAYMENTS.length);
  });

  it('reads in French', async () => {
    renderWithApp(<Dashboard params={{}} titleKey="transactions" />, {
      lang: 'fr',
      storage: { ...loggedInStorage(user), language: 'fr' },
      api: { fetchTransactions: async () => PAYMENTS, fetchSubjects: async () => SUBJECTS },
    });
    expect(await screen.findByRole('button', { name: 'Reprendre' })).toBeInTheDocument();
    expect(screen.getAllByTestId('payment-status').map((s) => s.textContent)).toEqual([
      'En attente',
      'Réussi',
      'Refusé',
      'Expiré',
      'Échoué',
    ]);
    expect(screen.getByText("Refusé sur le téléphone. Aucun argent n'a été prélevé.")).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Mes paiements' })).not.toHaveTextContent(
      /TIMEOUT|INTERNAL|FAILED/,
    );
  });
});
