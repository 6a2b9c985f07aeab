import type { Account, ClientUser } from '../../../contract/users';
import type { Queryable } from '../../lib/db';
import { HttpError } from '../../lib/errors';
import { findStudent, listPaidSubjects, type StudentRow } from './queries';

/**
 * The account's own fields as the app and the data export show them: the picture's stored path made an
 * absolute URL with `origin` (publicOrigin(request)).
 */
export function accountOf(student: StudentRow, origin: string): Account {
  return {
    id: student.id,
    firstname: student.firstname,
    lastname: student.lastname,
    email: student.email,
    username: student.username,
    phonenumber: student.phonenumber,
    role: student.role,
    profilePicture: student.profile_picture === null ? null : `${origin}${student.profile_picture}`,
    createdAt: new Date(student.created_at).toISOString(),
  };
}

/**
 * The one place the client's user object is built (login, profile, payments). paidSubjects lists every
 * subject the student has bought, with its expiry (past expiries included, so the app can offer renewal).
 * `origin` turns the stored picture path into an absolute URL (pass publicOrigin(request)).
 */
export async function loadClientUser(db: Queryable, studentId: string, origin = ''): Promise<ClientUser> {
  const student = await findStudent(db, studentId);
  if (student === undefined) throw new HttpError(404, 'notFound');
  const paid = await listPaidSubjects(db, studentId);
  return {
    ...accountOf(student, origin),
    paidSubjects: paid.map((row) => ({
      subjectId: row.subject_id,
      subjectTitle: row.subject_title,
      expiresAt: new Date(row.expires_at).toISOString(),
      section: row.section,
    })),
    language: student.language,
  };
}
