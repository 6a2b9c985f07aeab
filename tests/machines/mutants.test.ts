import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUTANT_SUITES } from './mutants';
import { runMutant, withConfig } from './mutation';
import { REPLAYS } from './replays';

// Proof that the model tests can fail: each mutant (tests/machines/mutants.ts) is one wrong rule, and the
// model test of its machine, replayed against it, must fail on an assertion of its oracle.

const ROOT = resolve(import.meta.dirname, '..', '..');

describe('mutants of the machines', () => {
  for (const { machine, replay, mutants } of MUTANT_SUITES) {
    for (const mutant of mutants) {
      it(`${machine}: ${mutant.name}`, async () => {
        const verdict = await runMutant(replay, mutant.mutation);
        if (verdict.killed)
          console.log(`${machine} / ${mutant.name}: killed by its ${verdict.by}: ${verdict.reason}`);
        expect(verdict).toMatchObject({ killed: true, by: 'oracle' });
      }, 120_000);
    }
  }
});

describe('the mutant runner', () => {
  it('lets an unchanged machine, rebuilt from its own definition, pass', async () => {
    const rebuilt = MUTANT_SUITES.filter(({ machine }) =>
      ['cart', 'liveTv', 'mobileMoney'].includes(machine),
    );
    expect(rebuilt).toHaveLength(3);
    for (const { replay } of rebuilt) {
      expect(
        await runMutant(
          replay,
          withConfig(() => undefined),
        ),
      ).toMatchObject({ killed: false });
    }
    // mobileMoney alone replays some 230 paths.
  }, 60_000);

  it('covers every machine of machines/: a replay with an oracle, and at least one mutant', () => {
    const ids = readdirSync(join(ROOT, 'machines'))
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => {
        const source = readFileSync(join(ROOT, 'machines', file), 'utf8');
        return [...source.matchAll(/createMachine\(\{\s*id: '(\w+)'/g)].map((match) => match[1]);
      });
    expect(ids.length).toBeGreaterThan(0);
    expect(Object.keys(REPLAYS).sort()).toEqual([...ids].sort());
    for (const [machine, replay] of Object.entries(REPLAYS)) expect(replay.oracle, machine).toBeDefined();
    for (const suite of MUTANT_SUITES) expect(suite.mutants.length, suite.machine).toBeGreaterThan(0);
  });

  it('is listed in tests/machines/README.md, mutant for mutant', () => {
    const readme = readFileSync(join(ROOT, 'tests', 'machines', 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| Machine | Mutant |'));
    const rows = [...table.matchAll(/^\| (\w+) \| ([^|]+) \|/gm)]
      .map((match) => `${match[1]}: ${match[2]?.trim()}`)
      .filter((row) => !row.startsWith('Machine:'));
    const listed = MUTANT_SUITES.flatMap(({ machine, mutants }) =>
      mutants.map((m) => `${machine}: ${m.name}`),
    );
    expect(rows).toEqual(listed);
  });
});
