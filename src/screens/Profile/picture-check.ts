// docs/api.md: the server takes JPEG, PNG or WebP pictures up to 2 MB. Checking before the upload saves a
// student on mobile data from sending megabytes only to be refused.

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** A `validation.*` key saying what is wrong with the chosen file, or null when it may be sent. */
export function checkPicture(
  file: Pick<File, 'type' | 'size'>,
): 'validation.fileType' | 'validation.fileTooLarge' | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'validation.fileType';
  if (file.size > MAX_PICTURE_BYTES) return 'validation.fileTooLarge';
  return null;
}
