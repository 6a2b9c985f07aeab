import { expect } from 'vitest';
import type { cartMachine } from '../../../machines/cart';
import { selectCartCount, selectCartItems, selectCartTotal, selectIsCartEmpty } from '../../../machines/cart';
import type { CartItem, Subject } from '../../../machines/types';
import type { Oracle } from '../modelHarness';
import { paramsOf } from './observe';

// docs/product.md §4 "Cart", written again without the machine: add gives a new line amount 1 or the line +1;
// decrease takes 1 off and removes the line at 0; remove; set amount below 1 removes, a fraction is floored
// (machines/README.md), something that is not a number changes nothing; clear. Saved on every change, with
// the items as they now are, and never when nothing changed. Total = Σ price × amount (§9).

type Line = { readonly subject: Subject; readonly amount: number };

function restored(items: readonly CartItem[]): Line[] {
  return items
    .filter((item) => Number.isFinite(item.amount) && item.amount >= 1)
    .map(({ amount, ...subject }) => ({ subject, amount: Math.floor(amount) }));
}

function next(lines: readonly Line[], event: { type: string; [key: string]: unknown }): Line[] {
  const id = event.id as string;
  switch (event.type) {
    case 'cart.add': {
      const subject = event.item as Subject;
      if (!lines.some((line) => line.subject._id === subject._id)) return [...lines, { subject, amount: 1 }];
      return lines.map((line) =>
        line.subject._id === subject._id ? { ...line, amount: line.amount + 1 } : line,
      );
    }
    case 'cart.decrease':
      return lines
        .map((line) => (line.subject._id === id ? { ...line, amount: line.amount - 1 } : line))
        .filter((line) => line.amount > 0);
    case 'cart.remove':
      return lines.filter((line) => line.subject._id !== id);
    case 'cart.setAmount': {
      const wanted = event.amount as number;
      if (!Number.isFinite(wanted)) return [...lines];
      return lines
        .map((line) => (line.subject._id === id ? { ...line, amount: Math.floor(wanted) } : line))
        .filter((line) => line.amount >= 1);
    }
    case 'cart.clear':
      return [];
    default:
      return [...lines];
  }
}

const asItems = (lines: readonly Line[]): CartItem[] =>
  lines.map(({ subject, amount }) => ({ ...subject, amount }));
const sameLines = (a: readonly Line[], b: readonly Line[]) =>
  JSON.stringify(asItems(a)) === JSON.stringify(asItems(b));

export const cartOracle: Oracle<typeof cartMachine> = (input) => {
  let lines = restored(input.items);
  return (harness, { event, effects }) => {
    const before = lines;
    if (event.type !== 'xstate.init') lines = next(lines, event);
    const items = selectCartItems(harness.snapshot);
    expect(items, `the cart after ${event.type}`).toEqual(asItems(lines));
    for (const item of items) {
      expect(Number.isInteger(item.amount) && item.amount >= 1, 'a line holds a whole amount ≥ 1').toBe(true);
    }
    expect(selectCartTotal(harness.snapshot)).toBe(
      lines.reduce((sum, l) => sum + l.subject.price * l.amount, 0),
    );
    expect(selectCartCount(harness.snapshot)).toBe(lines.reduce((sum, l) => sum + l.amount, 0));
    expect(selectIsCartEmpty(harness.snapshot)).toBe(lines.length === 0);
    const changed = event.type !== 'xstate.init' && !sameLines(before, lines);
    expect(paramsOf(effects, 'persistCart'), `saved after ${event.type}`).toEqual(
      changed ? [{ items: asItems(lines) }] : [],
    );
  };
};
