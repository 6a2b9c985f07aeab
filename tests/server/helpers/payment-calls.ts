import { expect } from 'vitest';
import type { ClientUser } from '../../../contract/users';
import type { TestApp, TestStudent } from './app';

/** The payment calls of docs/api.md as a student makes them, for the payment suites. */

export interface Subject {
  id: string;
  title: string;
  price: number;
}

export type Line = { subject: Subject; amount: number };

export type { ClientUser } from '../../../contract/users';

/** An ordinary payer of the emulator: SUCCESSFUL after its short PENDING period. */
export const ORDINARY_PAYER = '237670000301';

/** The first `count` seeded subjects that cost something. */
export async function pricedSubjects(t: TestApp, count: number): Promise<Subject[]> {
  const rows = await t.db.query<{ id: string; subject_title: string; price: number }>(
    'SELECT id, subject_title, price FROM subjects WHERE price > 0 ORDER BY id LIMIT $1',
    [count],
  );
  expect(rows).toHaveLength(count);
  return rows.map((row) => ({ id: row.id, title: row.subject_title, price: row.price }));
}

let externalIdCounter = 0;

/** docs/product.md's mobile money request for these cart lines, with a fresh ORDER_{userId}_{timestamp}. */
export function cart(student: TestStudent, lines: Line[], partyId = ORDINARY_PAYER) {
  externalIdCounter += 1;
  const total = lines.reduce((sum, line) => sum + line.subject.price * line.amount, 0);
  return {
    amount: String(total),
    currency: 'XAF',
    externalId: `ORDER_${student.id}_${Date.now() * 1000 + (externalIdCounter % 1000)}`,
    payer: { partyIdType: 'MSISDN', partyId },
    payerMessage: 'Study app subjects',
    payeeNote: 'Study app',
    items: lines.map((line) => ({ subjectId: line.subject.id, amount: line.amount })),
  };
}

export function checkoutBody(
  student: Pick<TestStudent, 'id' | 'username'>,
  referenceId: string,
  lines: Line[],
) {
  return {
    id: student.id,
    username: student.username,
    role: 'STUDENT',
    paidSubjects: lines.map((line) => line.subject.title),
    totalCost: lines.reduce((sum, line) => sum + line.subject.price * line.amount, 0),
    referenceId,
  };
}

export function paymentCalls(t: TestApp) {
  const requestToPay = (
    student: TestStudent,
    payload: object,
    options: { language?: string; headers?: Record<string, string> } = {},
  ) =>
    t.request<{ success: boolean; referenceId: string; msg: string }>({
      method: 'POST',
      url: '/payments/momo/requesttopay',
      headers: { ...student.headers, 'accept-language': options.language ?? 'en', ...options.headers },
      payload,
    });

  return {
    requestToPay,
    async startPayment(student: TestStudent, lines: Line[], partyId = ORDINARY_PAYER): Promise<string> {
      const { status, body } = await requestToPay(student, cart(student, lines, partyId));
      expect(status, JSON.stringify(body)).toBe(202);
      return body.referenceId;
    },
    readStatus: (student: TestStudent, referenceId: string) =>
      t.request<{ success: boolean; status: string; reason?: string; msg?: string }>({
        method: 'GET',
        url: `/payments/momo/requesttopay/${referenceId}`,
        headers: student.headers,
      }),
    makePayments: (student: TestStudent, payload: object, language = 'en') =>
      t.request<{ success: boolean; user: ClientUser; msg: string }>({
        method: 'PUT',
        url: '/transactions/subjects/makepayments',
        headers: { ...student.headers, 'accept-language': language },
        payload,
      }),
    async accessExpiry(studentId: string, subjectId: string): Promise<number | undefined> {
      const [row] = await t.db.query<{ expires_at: Date }>(
        'SELECT expires_at FROM subject_access WHERE student_id = $1 AND subject_id = $2',
        [studentId, subjectId],
      );
      return row === undefined ? undefined : new Date(row.expires_at).getTime();
    },
    async storedPayment(referenceId: string) {
      const [row] = await t.db.query<{
        status: string;
        reason: string | null;
        granted_at: Date | null;
        settled_at: Date | null;
        total_cost: number;
      }>('SELECT status, reason, granted_at, settled_at, total_cost FROM payments WHERE reference_id = $1', [
        referenceId,
      ]);
      return row;
    },
  };
}
