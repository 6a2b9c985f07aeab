import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ShellOverlays } from '../../../src/app/ShellOverlays';
import { createStoredRecords } from '../../../src/services/stored-records';
import { renderWithApp } from '../helpers/render-app';
import { amina } from '../screens/account-fixtures';

// toHaveTextContent collapses the no-break spaces of formatFcfa into plain spaces.
const maths = {
  _id: 's1',
  subjectTitle: 'Mathematics Form 5',
  pictureurl: '/m.webp',
  price: 2500,
  amount: 2,
};
const physics = { _id: 's2', subjectTitle: 'Physics Form 5', pictureurl: '/p.webp', price: 3000, amount: 1 };
const storedCart = (items: object[]) => ({ shopping_cart: JSON.stringify({ v: 1, data: items }) });

function tokenExpiringAt(exp: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', exp })}.sig`;
}
const loggedIn = {
  id_token: tokenExpiringAt(Math.floor(Date.now() / 1000) + 3600),
  user: JSON.stringify({ v: 1, data: amina }),
};

/** The modal's code loads when it is first opened, as in the app. */
async function openCart(storage: Record<string, string>) {
  const view = renderWithApp(<ShellOverlays />, { storage });
  act(() => view.context.ui.setCartOpen(true));
  await screen.findByRole('dialog', { name: 'Your cart' });
  return view;
}

describe('cart modal', () => {
  it('shows the empty state with no totals and no payment button', async () => {
    await openCart({});
    const dialog = screen.getByRole('dialog', { name: 'Your cart' });
    expect(within(dialog).getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Make payment' })).not.toBeInTheDocument();
  });

  it('lists each item with picture, title and price × amount in FCFA, then subtotal and total', async () => {
    await openCart(storedCart([maths, physics]));
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Mathematics Form 5');
    expect(items[0]).toHaveTextContent('5 000 FCFA');
    expect(items[0]?.querySelector('img')).toHaveAttribute('src', '/m.webp');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('8 000 FCFA');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('8 000 FCFA');
  });

  it('changes quantities and removes items through the cart machine, persisting every change', async () => {
    const user = userEvent.setup();
    const view = await openCart(storedCart([maths, physics]));
    await user.click(screen.getByRole('button', { name: 'Add one more Physics Form 5' }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('11 000 FCFA');
    await user.click(screen.getByRole('button', { name: 'One less Mathematics Form 5' }));
    await user.click(screen.getByRole('button', { name: 'One less Mathematics Form 5' }));
    expect(screen.queryByText('Mathematics Form 5')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Physics Form 5' }));
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(createStoredRecords(view.storage).getCart()).toEqual([]);
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    const view = await openCart(storedCart([maths]));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(view.context.ui.getState().cartOpen).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts the checkout for a logged-in student: the payment method choice appears', async () => {
    const user = userEvent.setup();
    await openCart({ ...storedCart([maths]), ...loggedIn });
    await user.click(screen.getByRole('button', { name: 'Make payment' }));
    // The checkout's code loads with the first payment.
    expect(await screen.findByRole('button', { name: 'MTN Mobile Money' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Orange Money Coming soon' }));
    expect(await screen.findByRole('alertdialog', { name: 'Hey amina' })).toHaveTextContent(
      'Orange Money payment coming soon!',
    );
  });

  it('sends a visitor to log in first and keeps the cart', async () => {
    const user = userEvent.setup();
    const view = await openCart(storedCart([maths]));
    await user.click(screen.getByRole('button', { name: 'Make payment' }));
    expect(view.location.history.at(-1)).toBe('/login-with-username');
    expect(createStoredRecords(view.storage).getCart()).toEqual([maths]);
  });
});
