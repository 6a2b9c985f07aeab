import { describe, expect, it } from 'vitest';
import { MUTANT_SUITES } from './mutants';
import { runMutant, withConfig } from './mutation';

// Proof that the model tests can fail: each mutant (tests/machines/mutants.ts) is one wrong rule, and the
// model test of its machine, replayed against it, must fail on an assertion of its oracle.

describe('mutants of the machines', () => {
  for (const { machine, replay, mutants } of MUTANT_SUITES) {
    for (const mutant of mutants) {
      it(`${machine}: ${mutant.name}`, async () => {
        const verdict = await runMutant(replay, mutant.mutation);
        if (verdict.killed)
          console.log(`${machine} / ${mutant.name} — killed by its ${verdict.by}: ${verdict.reason}`);
        expect(verdict).toMatchObject({ killed: true, by: 'oracle' });
      }, 120_000);
    }
  }
});

describe('the mutant runner', () => {
  it('lets an unchanged machine, rebuilt from its own definition, pass', async () => {
    for (const machine of ['cart', 'liveTv', 'mobileMoney'] as const) {
      const suite = MUTANT_SUITES.find((candidate) => candidate.machine === machine);
      if (!suite) throw new Error(`No suite for ${machine}`);
      expect(
        await runMutant(
          suite.replay,
          withConfig(() => undefined),
        ),
      ).toMatchObject({ killed: false });
    }
  });
});
