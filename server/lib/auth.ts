import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { findTokenHolder, type Role } from './auth-queries';
import type { Queryable } from './db';
import { HttpError } from './errors';
import type { Language } from './i18n';

/** The caller, once its bearer token has been verified. */
export interface AuthenticatedStudent {
  id: string;
  username: string;
  role: Role;
  /** Token id and expiry, for revoking this very token on logout. */
  jti: string;
  tokenExpiresAt: Date;
  /** The student's token version when this token was issued (and still, since it was accepted). */
  tokenVersion: number;
  /** The language saved with the account, read with the token's check (null: never chosen). */
  language: Language | null;
}

/** The claims a token must carry to be checked further (issueToken writes them). */
const tokenClaims = z.object({ sub: z.string(), jti: z.string(), exp: z.number(), tv: z.number() });
type TokenClaims = z.infer<typeof tokenClaims>;

const ALGORITHM = 'HS256';

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function issueToken(
  secret: string,
  ttl: string,
  student: { id: string; username: string; role: string; tokenVersion: number },
): Promise<string> {
  return new SignJWT({ username: student.username, role: student.role, tv: student.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(student.id)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(/^\d+$/.test(ttl) ? `${ttl}s` : ttl)
    .sign(secretKey(secret));
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

async function verifyClaims(secret: string, token: string): Promise<TokenClaims> {
  try {
    // The allow-list is what makes `alg: none` and every other algorithm fail.
    const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: [ALGORITHM] });
    const claims = tokenClaims.safeParse(payload);
    if (!claims.success) throw new HttpError(401, 'unauthorized');
    return claims.data;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new HttpError(401, 'sessionExpired');
    throw new HttpError(401, 'unauthorized');
  }
}

/** Verifies a bearer token: signature, algorithm, expiry, then revocation and the student's token version. */
export async function authenticateToken(
  db: Queryable,
  secret: string,
  token: string,
): Promise<AuthenticatedStudent> {
  const claims = await verifyClaims(secret, token);
  const row = await findTokenHolder(db, claims.sub, claims.jti);
  if (row === undefined || row.revoked || row.token_version !== claims.tv) {
    throw new HttpError(401, 'sessionExpired');
  }
  return {
    id: claims.sub,
    username: row.username,
    role: row.role,
    jti: claims.jti,
    tokenExpiresAt: new Date(claims.exp * 1000),
    tokenVersion: claims.tv,
    language: row.language,
  };
}

/** preHandler: a valid bearer token is required; sets request.student. */
export async function requireStudent(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (token === undefined) throw new HttpError(401, 'unauthorized');
  request.student = await authenticateToken(request.server.db, request.server.config.jwtSecret, token);
}

/**
 * preHandler: a token is optional (public lists), but one that is sent must be valid, so a client
 * with a stale session learns it instead of silently seeing everything locked.
 */
export async function optionalStudent(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (token === undefined) return;
  request.student = await authenticateToken(request.server.db, request.server.config.jwtSecret, token);
}

/** The caller of a route behind `app.authenticate`: a 401 should the route ever be reached without it. */
export function currentStudent(request: FastifyRequest): AuthenticatedStudent {
  if (request.student === null) throw new HttpError(401, 'unauthorized');
  return request.student;
}
