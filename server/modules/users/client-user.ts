import type { Queryable } from '../../lib/db';
import { HttpError } from '../../lib/errors';

export interface PaidSubject {
  subjectId: string;
  subjectTitle: string;
  expiresAt: string;
}

/** The student as the client sees it (API.md "student"): never the hash, never the token version. */
export interface ClientUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  phonenumber: string;
  role: 'STUDENT';
  profilePicture: string | null;
  createdAt: string;
  paidSubjects: PaidSubject[];
}

interface StudentRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  phonenumber: string;
  role: 'STUDENT';
  profile_picture: string | null;
  created_at: Date;
}

/**
 * The one place the client's user object is built (login, profile, payments). paidSubjects lists every
 * subject the student has bought, with its expiry (past expiries included, so the app can offer renewal).
 * `origin` turns the stored picture path into an absolute URL (pass publicOrigin(request)).
 */
export async function loadClientUser(db: Queryable, studentId: string, origin = ''): Promise<ClientUser> {
  const [student] = await db.query<StudentRow>(
    `SELECT id, firstname, lastname, email, username, phonenumber, role, profile_picture, created_at
       FROM students WHERE id = $1 AND deleted_at IS NULL`,
    [studentId],
  );
  if (student === undefined) throw new HttpError(404, 'notFound');
  const paid = await db.query<{ subject_id: string; subject_title: string; expires_at: Date }>(
    `SELECT a.subject_id, s.subject_title, a.expires_at
       FROM subject_access a JOIN subjects s ON s.id = a.subject_id
      WHERE a.student_id = $1
      ORDER BY s.sort_order, s.subject_title`,
    [studentId],
  );
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
    paidSubjects: paid.map((row) => ({
      subjectId: row.subject_id,
      subjectTitle: row.subject_title,
      expiresAt: new Date(row.expires_at).toISOString(),
    })),
  };
}
