import type { CodeBatch, CreateCodeBatchPayload } from '../../../contract/codes';
import type { TestApp, TestStudent } from './app';

/** The access codes' calls (issue 20) as the app and the operator command make them. */
export function codeCalls(t: TestApp) {
  const operator = { authorization: `Bearer ${t.config.operatorToken}` };
  return {
    operator,
    /** Makes a batch and returns it with its codes in clear (the only time they are). */
    async create(body: CreateCodeBatchPayload) {
      const answer = await t.request<{ batch: CodeBatch; codes: string[]; redeemUrl: string; msg?: string }>({
        method: 'POST',
        url: '/operator/codes/batches',
        headers: operator,
        payload: body,
      });
      if (answer.status !== 201)
        throw new Error(`batch not made: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    },
    async batches(): Promise<CodeBatch[]> {
      const answer = await t.request<{ batches: CodeBatch[] }>({
        method: 'GET',
        url: '/operator/codes/batches',
        headers: operator,
      });
      return answer.body.batches;
    },
    revoke(batch: string) {
      return t.request<{ batch: CodeBatch; revoked: number; msg?: string }>({
        method: 'POST',
        url: '/operator/codes/batches/revoke',
        headers: operator,
        payload: { batch },
      });
    },
    redeem(student: TestStudent, code: string, headers: Record<string, string> = {}) {
      return t.request<{
        success: boolean;
        msg: string;
        user?: { paidSubjects: Array<{ subjectId: string; expiresAt: string }> };
      }>({
        method: 'POST',
        url: '/subjects/serial/redeem',
        headers: { ...student.headers, ...headers },
        payload: { serialNumberHolder: code },
      });
    },
  };
}

/** The student's expiry of a subject, in ms, from the table itself. */
export async function expiryOf(
  t: TestApp,
  studentId: string,
  subjectId: string,
): Promise<number | undefined> {
  const [row] = await t.db.query<{ expires_at: Date }>(
    'SELECT expires_at FROM subject_access WHERE student_id = $1 AND subject_id = $2',
    [studentId, subjectId],
  );
  return row === undefined ? undefined : new Date(row.expires_at).getTime();
}
