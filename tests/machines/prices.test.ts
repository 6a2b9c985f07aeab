import { describe, expect, it } from 'vitest';
import { cartTotal, isFree, lineTotal } from '../../contract/rules/prices';
import { totalCost } from '../../machines/checkout';

// The price rules every part of the app reads from one place (contract/rules/prices.ts): the cart and the
// checkout total alike, a line costs its price times its amount, and only a price of 0 is free.
describe('price rules', () => {
  it('calls a subject free only when it costs nothing', () => {
    expect(isFree(0)).toBe(true);
    expect(isFree(1)).toBe(false);
    expect(isFree(2_500)).toBe(false);
  });

  it('costs a line its unit price times its amount, and a cart the sum of its lines', () => {
    const line = { price: 2_500, amount: 2 };
    const lines = [line, { price: 1_000, amount: 1 }];
    expect(lineTotal(line)).toBe(5_000);
    expect(cartTotal(lines)).toBe(6_000);
    expect(cartTotal([])).toBe(0);
  });

  it("gives the checkout the cart's total", () => {
    const items = [
      { _id: 's1', subjectTitle: 'Maths', pictureurl: '', price: 2_500, amount: 3 },
      { _id: 's2', subjectTitle: 'Physics', pictureurl: '', price: 1_500, amount: 1 },
    ];
    expect(totalCost(items)).toBe(cartTotal(items));
    expect(totalCost(items)).toBe(9_000);
  });
});
