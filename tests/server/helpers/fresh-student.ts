import { randomUUID } from 'node:crypto';
import { issueToken } from '../../../server/lib/auth';
import type { Queryable } from '../../../server/lib/db';
import type { TestStudent } from './app';

/**
 * A student written straight to the students table, with a token minted for it: the property suites make
 * one per run, and registering through the API would spend most of the run hashing passwords.
 */
export async function insertStudent(db: Queryable, jwtSecret: string, prefix: string): Promise<TestStudent> {
  const id = randomUUID();
  const suffix = id.slice(0, 8);
  const student = {
    id,
    username: `${prefix}_${suffix}`,
    password: 'unused-password',
    email: `${prefix}.${suffix}@example.cm`,
    phonenumber: `2376${String(Number.parseInt(suffix, 16)).padStart(10, '0').slice(0, 8)}`,
    firstname: 'Prop',
    lastname: 'Erty',
  };
  await db.query(
    `INSERT INTO students (id, firstname, lastname, email, username, phonenumber, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6, 'not-a-hash')`,
    [id, student.firstname, student.lastname, student.email, student.username, student.phonenumber],
  );
  const token = await issueToken(jwtSecret, '1h', {
    id,
    username: student.username,
    role: 'STUDENT',
    tokenVersion: 0,
  });
  return { ...student, token, headers: { authorization: `Bearer ${token}` } };
}
