import { describe, expect, it } from 'vitest';
import { DATA_PRICE_FCFA_PER_GB, dataCostFcfa, dataPriceFrom } from '../../../src/rules/data-cost';

describe('data cost', () => {
  it('prices mobile data at 1,000 FCFA per GB unless the build says otherwise (issue 11)', () => {
    expect(DATA_PRICE_FCFA_PER_GB).toBe(1_000);
    expect(dataPriceFrom(undefined)).toBe(1_000);
    expect(dataPriceFrom('1500')).toBe(1_500);
    for (const wrong of ['', 'abc', '0', '-5', '12.5', '1e3'])
      expect(dataPriceFrom(wrong), wrong).toBe(1_000);
  });

  it('counts decimal gigabytes, as carriers do, and rounds up to the whole franc', () => {
    expect(dataCostFcfa(1_000_000_000)).toBe(1_000);
    // An hour of the data-saver rendition at 160 kb/s: 72 MB, 72 FCFA.
    expect(dataCostFcfa((160_000 * 3600) / 8)).toBe(72);
    expect(dataCostFcfa(209_422)).toBe(1);
    expect(dataCostFcfa(2_500_000_000, 800)).toBe(2_000);
    expect(dataCostFcfa(0)).toBe(0);
    expect(dataCostFcfa(Number.NaN)).toBe(0);
  });
});
