import type { CartEvent, CartInput } from '../../machines/cart';
import { cartMachine } from '../../machines/cart';
import type { CartItem, Subject } from '../../machines/types';
import type { EventExecutors, EventSamples, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

export const MATHS: Subject = {
  _id: 'maths',
  subjectTitle: 'Mathematics',
  pictureurl: '/media/maths.webp',
  price: 2_500,
};
export const PHYSICS: Subject = {
  _id: 'physics',
  subjectTitle: 'Physics',
  pictureurl: '/media/physics.webp',
  price: 3_000,
};

/** Largest quantity the model explores: enough to see +1, -1 and "removed at 0" from 2. */
const MAX_AMOUNT = 2;

export const cartEventSamples = {
  'cart.add': () => [
    { type: 'cart.add', item: MATHS },
    { type: 'cart.add', item: PHYSICS },
  ],
  'cart.decrease': () => [
    { type: 'cart.decrease', id: MATHS._id },
    { type: 'cart.decrease', id: 'unknown' },
  ],
  'cart.remove': () => [{ type: 'cart.remove', id: MATHS._id }],
  'cart.setAmount': () => [
    { type: 'cart.setAmount', id: MATHS._id, amount: 0 },
    { type: 'cart.setAmount', id: MATHS._id, amount: 2.7 },
    { type: 'cart.setAmount', id: MATHS._id, amount: 1 },
  ],
  'cart.clear': () => [{ type: 'cart.clear' }],
} satisfies Record<CartEvent['type'], () => readonly CartEvent[]>;

export const cartModel: MachineModel<typeof cartMachine> = {
  machine: cartMachine,
  inputs: [{ items: [] }, { items: [{ ...PHYSICS, amount: 1 }] }],
  samples: cartEventSamples satisfies EventSamples<typeof cartMachine>,
  filterEvents: (snapshot, event) =>
    event.type !== 'cart.add' ||
    (snapshot.context.items.find((line: CartItem) => line._id === event.item._id)?.amount ?? 0) < MAX_AMOUNT,
};

export const CART_EFFECTS = ['persistCart'] as const;

export function createCartHarness(input: CartInput = { items: [] }): Harness<typeof cartMachine> {
  const fakes = new Fakes();
  return new Harness(cartMachine.provide({ actions: fakes.actions(CART_EFFECTS) }), input, fakes);
}

export const cartExecutors: EventExecutors<typeof cartMachine> = {
  'cart.add': (harness, event) => harness.send(event),
  'cart.decrease': (harness, event) => harness.send(event),
  'cart.remove': (harness, event) => harness.send(event),
  'cart.setAmount': (harness, event) => harness.send(event),
  'cart.clear': (harness, event) => harness.send(event),
};

export const cartPaths = () => generatePaths(cartModel);
