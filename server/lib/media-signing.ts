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
}

function signature(secret: string, grant: MediaGrant): string {
  // A key derived for this purpose only, so a media signature can never be replayed as something else.
  const key = createHmac('sha256', secret).update('media-url-v1').digest();
  return createHmac('sha256', key)
    .update(`${grant.file}\n${grant.studentId}\n${grant.subjectId}\n${grant.expiresAt}`)
    .digest('base64url');
}

/** The query string that signs a grant: every file of the stem is `/media/videos/<file>?<this>`. */
export function signedMediaQuery(secret: string, grant: MediaGrant): string {
  return new URLSearchParams({
    student: grant.studentId,
    subject: grant.subjectId,
    exp: String(grant.expiresAt),
    sig: signature(secret, grant),
  }).toString();
}

export function verifyMediaSignature(secret: string, grant: MediaGrant, candidate: string): boolean {
  const expected = Buffer.from(signature(secret, grant));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
