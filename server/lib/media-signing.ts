import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who may play which video's files of which subject until when: everything a signed video URL vouches for.
 * `file` is the video's media stem: the grant covers its renditions and captions (server/lib/media-files.ts).
 */
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

/** The HMAC a signed media URL carries (videos here, books in modules/books). */
function signature(secret: string, grant: MediaGrant): string {
  // A key derived for this purpose only, so a media signature can never be replayed as something else.
  const key = createHmac('sha256', secret).update('media-url-v2').digest();
  return createHmac('sha256', key)
    .update(
      `${grant.file}\n${grant.studentId}\n${grant.subjectId}\n${grant.expiresAt}\n${grant.tokenVersion}`,
    )
    .digest('base64url');
}

/** The query string that signs a grant: every file of the stem is `/media/videos/<file>?<this>`. */
export function signedMediaQuery(secret: string, grant: MediaGrant): string {
  return new URLSearchParams({
    student: grant.studentId,
    subject: grant.subjectId,
    exp: String(grant.expiresAt),
    v: String(grant.tokenVersion),
    sig: signature(secret, grant),
  }).toString();
}

export function verifyMediaSignature(secret: string, grant: MediaGrant, candidate: string): boolean {
  const expected = Buffer.from(signature(secret, grant));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
