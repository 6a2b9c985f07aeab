import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who may play which file of which subject until when: everything a signed video URL vouches for. */
export interface MediaGrant {
  file: string;
  studentId: string;
  subjectId: string;
  expiresAt: number;
}

/** The HMAC a signed media URL carries (videos here, books in modules/books). */
export function signature(secret: string, grant: MediaGrant): string {
  // A key derived for this purpose only, so a media signature can never be replayed as something else.
  const key = createHmac('sha256', secret).update('media-url-v1').digest();
  return createHmac('sha256', key)
    .update(`${grant.file}\n${grant.studentId}\n${grant.subjectId}\n${grant.expiresAt}`)
    .digest('base64url');
}

/** Path and query of a signed video URL (relative to the public origin). */
export function signedVideoPath(secret: string, grant: MediaGrant): string {
  const query = new URLSearchParams({
    student: grant.studentId,
    subject: grant.subjectId,
    exp: String(grant.expiresAt),
    sig: signature(secret, grant),
  });
  return `/media/videos/${encodeURIComponent(grant.file)}?${query.toString()}`;
}

export function verifyMediaSignature(secret: string, grant: MediaGrant, candidate: string): boolean {
  const expected = Buffer.from(signature(secret, grant));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
