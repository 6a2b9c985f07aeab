import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors';
import { uploadsDir } from '../../lib/media-roots';

/** Picture types accepted for a profile, recognised by their first bytes, never by name or declared type. */
export function pictureType(bytes: Buffer): 'jpg' | 'png' | 'webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

/**
 * Stores the picture under a fresh random name; returns the public path (served by the media module). It is
 * written aside and renamed once whole, so a full disk leaves no half picture behind (the error goes on).
 */
export function storePicture(dataDir: string, bytes: Buffer, extension: string): string {
  const dir = uploadsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = `${randomUUID()}.${extension}`;
  const partial = join(dir, `${file}.part`);
  try {
    writeFileSync(partial, bytes);
    renameSync(partial, join(dir, file));
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return `/media/uploads/${file}`;
}

export function removePicture(dataDir: string, publicPath: string | null): void {
  if (publicPath === null || !publicPath.startsWith('/media/uploads/')) return;
  rmSync(join(uploadsDir(dataDir), basename(publicPath)), { force: true });
}

/**
 * The picture of a multipart upload: the first file field `picture`, recognised by its content. Other files
 * are read and dropped. 400 when it is missing, of another type, or the body is malformed; 413 over the limit.
 */
export async function readPictureUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; extension: string }> {
  let picture: { bytes: Buffer; extension: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      // toBuffer() throws the 413 itself when the file is over the multipart fileSize limit.
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'picture' || picture !== undefined) continue;
      const extension = pictureType(bytes);
      if (extension === undefined) throw new HttpError(400, 'pictureType');
      picture = { bytes, extension };
    }
  } catch (error) {
    // The parser's own errors (no boundary, a body cut off, a malformed part) carry no status: bad input.
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number')
      throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new HttpError(400, 'invalidMultipart');
  }
  if (picture === undefined) throw new HttpError(400, 'pictureMissing');
  return picture;
}
