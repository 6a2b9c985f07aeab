import { expect } from 'vitest';
import type { Alert } from '../../../machines/messages';
import { englishText } from '../../../machines/messages';
import type { MobileMoneyOutput } from '../../../machines/mobileMoney';
import type {
  OrderFieldErrors,
  OrderLine,
  OrderProduct,
  orderCheckoutMachine,
  PlacedOrder,
} from '../../../machines/orderCheckout';
import * as read from '../../../machines/orderCheckout';
import type { Oracle } from '../modelHarness';
import type { OrderHarness } from '../orderCheckout.model';
import { CallLog, paramsOf } from './observe';

// Issue 8 "Shop", docs/product.md §4, §8 and §9, written again without the machine: one product bought with MTN
// Mobile Money, 1 to what is in stock (10 at most, the server's bound), delivered to a town written as
// people write it (2 to 60 letters, spaces, hyphens, apostrophes, dots); Orange Money is only announced.
// The payment asks for price × quantity for one line of this product, once per choice of MTN; a reload
// mid-poll watches the same payment and never orders again. Once paid, the order is read back under the
// loader, which closes itself after 10 s; a PAID order is confirmed, anything else sends the student to the
// transactions tab with 'Could not verify payment status. Please contact support.', and no answer keeps the
// payment for the next visit. The product is read again whenever its stock may have moved.

const RULES = { maxQuantity: 10, loaderCloses: 10_000, transactions: 'dashboard/tabs/transactions' };
const TEXT = {
  orange: 'Orange Money payment coming soon!',
  unknown: 'Could not verify payment status. Please contact support.',
  processing: 'Payment processing failed. Please try again.',
};
const TOWN = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

type Phase = 'editing' | 'choosing' | 'paying' | 'confirming' | 'confirmed';

const townIsValid = (town: string) =>
  town.trim().length >= 2 && town.trim().length <= 60 && TOWN.test(town.trim());
const most = (product: OrderProduct) => Math.max(0, Math.min(product.stock, RULES.maxQuantity));

export const orderCheckoutOracle: Oracle<typeof orderCheckoutMachine> = (input) => {
  const [line] = input.pending?.items ?? [];
  const resumedLine =
    input.pending?.items.length === 1 && line && 'town' in line && line._id === input.product.id
      ? (line as OrderLine)
      : null;
  let resumed = resumedLine !== null;
  let phase: Phase = resumed ? 'paying' : 'editing';
  let product = input.product;
  let quantity = resumedLine?.amount ?? 1;
  let town = resumedLine?.town ?? '';
  let errors: OrderFieldErrors = {};
  let order: PlacedOrder | null = null;
  let reference: string | null = null;
  let loaderSince = 0;
  const calls = new CallLog();

  return (base, { event, effects }) => {
    const harness = base as OrderHarness;
    const now = harness.clock.now();
    const before = phase;
    const alerts: string[] = [];
    const navigations: unknown[] = [];
    let clears = 0;
    let productReads = 0;
    /** Payments asked for this product in this step (the phone given, the request sent; again after Try again). */
    let paid = 0;
    const asked = {
      items: [
        {
          _id: product.id,
          subjectTitle: product.title,
          pictureurl: product.picture,
          price: product.price,
          amount: quantity,
          town: town.trim(),
        },
      ],
      amount: product.price * quantity,
    };
    const backToEditing = () => {
      phase = 'editing';
      [reference, resumed] = [null, false];
      productReads += 1;
    };
    switch (event.type) {
      case 'order.increase':
        if (quantity < most(product)) [quantity, errors] = [quantity + 1, {}];
        break;
      case 'order.decrease':
        if (quantity > 1) [quantity, errors] = [quantity - 1, {}];
        break;
      case 'order.townChanged': {
        town = event.town as string;
        const { town: _fixed, ...others } = errors;
        errors = others;
        break;
      }
      case 'order.productUpdated':
        product = event.product as OrderProduct;
        quantity = Math.max(1, Math.min(quantity, most(product)));
        break;
      case 'order.buy':
        errors = {
          ...(quantity > most(product) ? { quantity: 'order.errors.outOfStock' as const } : {}),
          ...(townIsValid(town) ? {} : { town: 'order.errors.town' as const }),
        };
        if (Object.keys(errors).length === 0) phase = 'choosing';
        break;
      case 'order.chooseOrange':
        alerts.push(TEXT.orange);
        break;
      case 'order.chooseMtn':
        phase = 'paying';
        break;
      case 'order.cancel':
        phase = 'editing';
        break;
      case 'order.dismiss':
        [phase, quantity, order, errors] = ['editing', 1, null, {}];
        break;
      case 'xstate.done.actor.mobileMoney': {
        const output = event.output as MobileMoneyOutput;
        // Once per MTN choice, and once more for each payment that did not complete and was asked again:
        // each payment asked was checked, the one paid last (a resumed one was checked, never asked).
        const checked = calls
          .newCalls(harness.child, 'checkStatus')
          .map((call) => (call.input as { referenceId: string }).referenceId);
        const askedPayments = new Set(
          resumed ? checked.filter((ref) => ref !== input.pending?.referenceId) : checked,
        );
        if (output.outcome === 'succeeded') {
          paid = askedPayments.size;
          expect(output.referenceId, 'the payment paid is the last one checked').toBe(checked.at(-1));
        } else paid = !resumed && output.outcome !== 'cancelled' ? 1 : 0;
        if (output.outcome === 'succeeded')
          [phase, reference, loaderSince] = ['confirming', output.referenceId, now];
        else backToEditing();
        break;
      }
      case 'xstate.error.actor.mobileMoney':
        calls.newCalls(harness.child, 'checkStatus');
        paid = resumed ? 0 : 1;
        alerts.push(TEXT.unknown);
        backToEditing();
        break;
      case 'xstate.done.actor.loadOrder': {
        const placed = event.output as PlacedOrder;
        clears += 1;
        if (placed.status === 'PAID') {
          [phase, order] = ['confirmed', placed];
          productReads += 1;
        } else {
          alerts.push(TEXT.unknown);
          navigations.push({ to: RULES.transactions });
          backToEditing();
        }
        break;
      }
      case 'xstate.error.actor.loadOrder': {
        const { error } = event as { error?: unknown };
        alerts.push(error instanceof Error && error.message ? error.message : TEXT.processing);
        navigations.push({ to: RULES.transactions });
        // Kept for the next visit: no product read, no payment forgotten on the device.
        [phase, reference, resumed] = ['editing', null, false];
        break;
      }
      default:
        if (event.type.startsWith('xstate.after.')) {
          expect(now - loaderSince, 'the loader closes itself after 10 s').toBe(RULES.loaderCloses);
        }
    }

    expect(
      paramsOf(effects, 'showAlert').map((alert) => englishText(alert as Alert)),
      `alerts on ${event.type}`,
    ).toEqual(alerts);
    expect(paramsOf(effects, 'navigate'), `navigation on ${event.type}`).toEqual(navigations);
    const requests = calls.newCalls(harness.child, 'requestToPay').map((call) => {
      const { items, amount } = call.input as { items: unknown; amount: number };
      return { items, amount };
    });
    expect(requests, 'one line of this product, price × quantity, once per payment asked').toEqual(
      Array.from({ length: paid }, () => asked),
    );
    expect(paramsOf(effects, 'clearPending'), 'the payment forgotten once settled').toHaveLength(clears);
    expect(paramsOf(effects, 'productMayHaveChanged'), 'the product read again').toHaveLength(productReads);
    expect(
      calls.newCalls(harness.fakes, 'loadOrder').map((call) => call.input),
      'the order read back',
    ).toEqual(phase === 'confirming' && before !== 'confirming' ? [{ referenceId: reference }] : []);

    const snap = harness.snapshot;
    expect(read.selectOrderQuantity(snap), `the quantity after ${event.type}`).toBe(quantity);
    expect(read.selectOrderTown(snap)).toBe(town);
    expect(read.selectOrderErrors(snap), `the errors after ${event.type}`).toEqual(errors);
    expect(read.selectOrderTotal(snap)).toBe(product.price * quantity);
    expect(read.selectMaxQuantity(snap)).toBe(most(product));
    expect(read.selectIsEditingOrder(snap)).toBe(phase === 'editing');
    expect(read.selectIsChoosingOrderMethod(snap)).toBe(phase === 'choosing');
    expect(read.selectIsOrderBusy(snap)).toBe(['choosing', 'paying', 'confirming'].includes(phase));
    expect(read.selectIsOrderLoaderVisible(snap), 'the loader').toBe(
      phase === 'confirming' && now - loaderSince < RULES.loaderCloses,
    );
    expect(read.selectConfirmedOrder(snap), 'the confirmation').toEqual(phase === 'confirmed' ? order : null);
  };
};
