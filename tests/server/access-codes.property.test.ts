import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestStudent } from './helpers/app';
import { codeCalls, expiryOf } from './helpers/code-calls';
import { insertStudent } from './helpers/fresh-student';

/**
 * Concurrent redemptions of one code (issue 20): students, and a student's double taps or retries, all at
 * once, released in any order. A code is spent exactly once per seat: as many students get in as there are
 * seats (or fewer students), none twice, every other answer says why, and nobody's access is extended twice.
 */

const SUBJECT = 'ang-chemistry-f5';
const DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
const SPENT = 'This code has already been used: every place it gives is taken.';
const ALREADY_YOURS = 'You have already used this code on your account.';

let t: TestApp;
let codes: ReturnType<typeof codeCalls>;
let runs = 0;
let requests = 0;
let granted = 0;

beforeAll(async () => {
  // The guessing limits are tried elsewhere: here every refusal is a spent code, which would count.
  t = await createTestApp({
    env: { RATE_LIMIT_CODE_FAILURES: '1000000', RATE_LIMIT_CODE_ADDRESS_FAILURES: '1000000' },
  });
  codes = codeCalls(t);
});
afterAll(async () => {
  // The figures of the property, for the report and the docs.
  console.info(
    `access codes under concurrency (${process.env.TEST_DB ?? 'pglite'}): ${runs} runs, ${requests} concurrent redemptions, ${granted} seats granted, none twice`,
  );
  await t.close();
});

describe('access codes under concurrency', () => {
  it('spends a code exactly once per seat, whatever arrives at once and in whatever order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        // Each student sends the code one to three times at once (a double tap, a retry after a lost answer).
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 6 }),
        fc.scheduler(),
        async (seats, copies, scheduler) => {
          runs += 1;
          const made = await codes.create({
            batch: `Concurrence ${runs} ${Date.now()}`,
            subjects: [SUBJECT],
            days: DAYS,
            count: 1,
            seats,
          });
          const code = made.codes[0] as string;
          const students = await Promise.all(
            copies.map(() => insertStudent(t.db, t.config.jwtSecret, 'race')),
          );
          const before = Date.now();
          const attempts = copies.flatMap((count, index) =>
            Array.from({ length: count }, () =>
              scheduler
                .schedule(Promise.resolve(index), `redeem ${index}`)
                .then((who) => codes.redeem(students[who] as TestStudent, code))
                .then((answer) => ({ who: index, answer })),
            ),
          );
          requests += attempts.length;
          await scheduler.waitAll();
          const answers = await Promise.all(attempts);

          const winners = answers.filter((a) => a.answer.status === 200).map((a) => a.who);
          expect(new Set(winners).size, 'no student gets a seat twice').toBe(winners.length);
          expect(winners.length, 'every seat is taken while students are left').toBe(
            Math.min(seats, students.length),
          );
          granted += winners.length;
          for (const { who, answer } of answers) {
            if (answer.status === 200) continue;
            expect(answer.status).toBe(409);
            expect(answer.body.msg).toBe(winners.includes(who) ? ALREADY_YOURS : SPENT);
          }
          const [row] = await t.db.query<{ seats_left: number; redemptions: number }>(
            `SELECT c.seats_left, (SELECT count(*)::int FROM code_redemptions r WHERE r.code_hash = c.code_hash) AS redemptions
               FROM access_codes c JOIN code_batches b ON b.id = c.batch_id WHERE b.name = $1`,
            [made.batch.name],
          );
          expect(row).toEqual({ seats_left: seats - winners.length, redemptions: winners.length });
          for (const [index, pupil] of students.entries()) {
            const expiry = await expiryOf(t, pupil.id, SUBJECT);
            if (!winners.includes(index)) {
              expect(expiry).toBeUndefined();
              continue;
            }
            // One period, not two: a double tap never extends twice.
            expect(expiry).toBeGreaterThanOrEqual(before + DAYS * DAY_MS - 1000);
            expect(expiry).toBeLessThanOrEqual(Date.now() + DAYS * DAY_MS + 1000);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);
});
