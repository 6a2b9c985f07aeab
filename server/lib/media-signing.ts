import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who may play which file of which subject until when: everything a signed video URL vouches for. */
export interface MediaGrant {
  file: string;
  studentId: string;
  subjectId: string;
  expiresAt: number;
  /**
   * The student's token version when the URL was issued: revoking every session (all-device logout,
   * password change or reset, deletion) bumps it, and the URL stops working with them. 0 for free lessons.
   */
  tokenVersion: number;
}

function signature(secret: string, grant: MediaGrant): string {
  // A key derived for this purpose only, so a media signature can never be replayed as something else.
  const key = createHmac('sha256', secret).update('media-url-v2').digest();
  return createHmac('sha256', key)
    .update(
      `${grant.file}\n${grant.studentId}\n${grant.subjectId}\n${grant.expiresAt}\n${grant.tokenVersion}`,
    )
    .digest('base64url');
}

/** Path and query of a signed video URL (relative to the public origin). */
export function signedVideoPath(secret: string, grant: MediaGrant): string {
  const query = new URLSearchParams({
    student: grant.studentId,
    subject: grant.subjectId,
    exp: String(grant.expiresAt),
    v: String(grant.tokenVersion),
    sig: signature(secret, grant),
  });
  return `/media/videos/${encodeURIComponent(grant.file)}?${query.toString()}`;
}

export function verifyMediaSignature(secret: string, grant: MediaGrant, candidate: string): boolean {
  const expected = Buffer.from(signature(secret, grant));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
