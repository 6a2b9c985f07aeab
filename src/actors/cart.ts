import type { cartMachine } from '../../machines/cart';
import type { AppStorage } from '../services/storage';

/** The cart machine's effects: the items are kept on the device, so a reload finds the same cart. */
export function cartActors(storage: Pick<AppStorage, 'setCart'>): Parameters<typeof cartMachine.provide>[0] {
  return { actions: { persistCart: (_, { items }) => void storage.setCart(items) } };
}
