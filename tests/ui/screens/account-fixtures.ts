import type { AuthResponse, ClientUser } from '../../../contract/users';
import { ApiError } from '../../../src/rules/api-errors';

/** A JWT whose payload says it expires at `exp` (seconds); the app never checks the signature. */
export function tokenExpiringAt(exp: number, sub = 'u1'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, exp })}.signature`;
}

export const liveToken = (sub = 'u1') => tokenExpiringAt(Math.floor(Date.now() / 1000) + 3600, sub);

export const amina: ClientUser = {
  id: 'u1',
  firstname: 'Amina',
  lastname: 'Njoya',
  email: 'amina@example.cm',
  username: 'amina',
  phonenumber: '237677123456',
  role: 'STUDENT',
  profilePicture: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  paidSubjects: [],
  language: null,
};

export function authAnswer(user: ClientUser = amina): AuthResponse {
  return { success: true, token: liveToken(user.id), user };
}

/** Local storage of a student who is logged in, as the app writes it. */
export function loggedInStorage(user: ClientUser = amina): Record<string, string> {
  return { id_token: liveToken(user.id), user: JSON.stringify({ v: 1, data: user }) };
}

/** The server refusing with its own (already translated) message, as the API client reports it. */
export const serverSays = (status: number, msg: string) => new ApiError({ status, serverMsg: msg });
