import { describe, expect, it } from 'vitest';
import { selectCartCount, selectCartItems, selectCartTotal, selectIsCartEmpty } from '../../machines/cart';
import { createCartHarness, MATHS, PHYSICS } from './cart.model';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';

describe('cart machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.cart);
    console.log(`cart: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('keeps the total and count as price × amount', async () => {
    const harness = createCartHarness();
    harness.start();
    await harness.send({ type: 'cart.add', item: MATHS });
    await harness.send({ type: 'cart.add', item: MATHS });
    await harness.send({ type: 'cart.add', item: PHYSICS });
    expect(selectCartTotal(harness.snapshot)).toBe(2 * 2_500 + 3_000);
    expect(selectCartCount(harness.snapshot)).toBe(3);
    await harness.send({ type: 'cart.setAmount', id: PHYSICS._id, amount: 3.9 });
    expect(selectCartItems(harness.snapshot).find((line) => line._id === PHYSICS._id)?.amount).toBe(3);
    await harness.send({ type: 'cart.decrease', id: MATHS._id });
    await harness.send({ type: 'cart.decrease', id: MATHS._id });
    expect(selectCartItems(harness.snapshot).map((line) => line._id)).toEqual([PHYSICS._id]);
    await harness.send({ type: 'cart.setAmount', id: PHYSICS._id, amount: 0.5 });
    expect(selectIsCartEmpty(harness.snapshot)).toBe(true);
    expect(harness.fakes.effectsOf('persistCart')).toHaveLength(7);
  });

  it('restores stored items through its input, dropping lines without a positive quantity', () => {
    const harness = createCartHarness({
      items: [
        { ...MATHS, amount: 2 },
        { ...PHYSICS, amount: 0 },
      ],
    });
    harness.start();
    expect(harness.snapshot.value).toBe('filled');
    expect(selectCartItems(harness.snapshot)).toEqual([{ ...MATHS, amount: 2 }]);
    expect(harness.fakes.effects).toEqual([]);
  });
});
