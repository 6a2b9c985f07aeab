import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';

/**
 * A session token for the same student as `issued` (a token the server gave at login), expiring at
 * `expiresAt` (epoch ms, whole seconds): what the server would have issued at another moment. Signed with the
 * server's own key (an in-process server's), so the server accepts it, revokes it at logout, and refuses it
 * once expired, exactly like its own.
 */
export async function sessionTokenExpiringAt(secret: string, issued: string, expiresAt: number) {
  const { sub, username, role, tv } = decodeJwt(issued);
  if (typeof sub !== 'string') throw new Error('The issued token has no subject');
  const exp = Math.floor(expiresAt / 1_000);
  return new SignJWT({ username, role, tv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setJti(randomUUID())
    .setIssuedAt(Math.min(exp - 1, Math.floor(Date.now() / 1_000)))
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}
