import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { cartTotal } from '../contract/rules/prices';
import type { CartItem, Subject } from './types';

// docs/product.md §4 "Cart": add (+1 or a new line at 1), decrease (removed at 0), remove, set amount (< 1 removes),
// clear; saved on every change (the app provides `persistCart`), restored through the input at start.

export type CartEvent =
  | { type: 'cart.add'; item: Subject }
  | { type: 'cart.decrease'; id: string }
  | { type: 'cart.remove'; id: string }
  | { type: 'cart.setAmount'; id: string; amount: number }
  | { type: 'cart.clear' };

export interface CartContext {
  readonly items: readonly CartItem[];
}

export interface CartInput {
  /** Items restored from storage by the app; `[]` on a first visit. */
  readonly items: readonly CartItem[];
}

/** The items after an event: the one place the cart rules live, shared by the guards and the assign. */
export function applyCartEvent(items: readonly CartItem[], event: CartEvent): readonly CartItem[] {
  switch (event.type) {
    case 'cart.add': {
      const existing = items.find((line) => line._id === event.item._id);
      if (!existing) return [...items, { ...event.item, amount: 1 }];
      return items.map((line) => (line === existing ? { ...line, amount: line.amount + 1 } : line));
    }
    case 'cart.decrease':
      return items.flatMap((line) => {
        if (line._id !== event.id) return [line];
        return line.amount > 1 ? [{ ...line, amount: line.amount - 1 }] : [];
      });
    case 'cart.remove':
      return items.filter((line) => line._id !== event.id);
    case 'cart.setAmount': {
      // A quantity typed into a field: NaN or Infinity is not a quantity, so the cart stays as it was.
      if (!Number.isFinite(event.amount)) return items;
      const amount = Math.floor(event.amount);
      return items.flatMap((line) => {
        if (line._id !== event.id) return [line];
        return amount < 1 ? [] : [{ ...line, amount }];
      });
    }
    case 'cart.clear':
      return [];
  }
}

function sameItems(a: readonly CartItem[], b: readonly CartItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, index) => line._id === b[index]?._id && line.amount === b[index]?.amount)
  );
}

/** Stored data is not trusted blindly: lines without a positive whole quantity are dropped. */
export function sanitizeCartItems(items: readonly CartItem[]): readonly CartItem[] {
  return items
    .filter((line) => Number.isFinite(line.amount) && line.amount >= 1)
    .map((line) => (Number.isInteger(line.amount) ? line : { ...line, amount: Math.floor(line.amount) }));
}

// The items as they are after the assign that precedes it in the same transition.
const persistParams = ({ context }: { context: CartContext }) => ({ items: context.items });

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
  },
  actions: {
    applyChange: assign({ items: ({ context, event }) => applyCartEvent(context.items, event) }),
    /** Provided by the app: writes `shopping_cart`. */
    persistCart: (_, _params: { items: readonly CartItem[] }) => {},
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    changeEmptiesCart: ({ context, event }) => applyCartEvent(context.items, event).length === 0,
    changesCart: ({ context, event }) => !sameItems(applyCartEvent(context.items, event), context.items),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ items: sanitizeCartItems(input.items) }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasItems', target: 'filled' }, { target: 'empty' }],
    },
    empty: {
      on: {
        'cart.add': {
          target: 'filled',
          actions: ['applyChange', { type: 'persistCart', params: persistParams }],
        },
      },
    },
    filled: {
      on: {
        'cart.add': {
          actions: ['applyChange', { type: 'persistCart', params: persistParams }],
        },
        'cart.decrease': changeTransitions(),
        'cart.remove': changeTransitions(),
        'cart.setAmount': changeTransitions(),
        'cart.clear': {
          target: 'empty',
          actions: ['applyChange', { type: 'persistCart', params: persistParams }],
        },
      },
    },
  },
});

// Decrease, remove and set-amount share their shape: empty the cart, change it, or (unknown id, same
// quantity) do nothing and persist nothing.
function changeTransitions() {
  return [
    {
      guard: 'changeEmptiesCart',
      target: 'empty',
      actions: ['applyChange', { type: 'persistCart', params: persistParams }],
    },
    {
      guard: 'changesCart',
      actions: ['applyChange', { type: 'persistCart', params: persistParams }],
    },
  ] as const;
}

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

export const selectCartItems = (snapshot: CartSnapshot): readonly CartItem[] => snapshot.context.items;
export const selectCartTotal = (snapshot: CartSnapshot): number => cartTotal(snapshot.context.items);
export const selectCartCount = (snapshot: CartSnapshot): number =>
  snapshot.context.items.reduce((count, line) => count + line.amount, 0);
export const selectIsCartEmpty = (snapshot: CartSnapshot): boolean => snapshot.context.items.length === 0;
