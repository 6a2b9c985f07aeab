import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

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

export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Stores the picture under a fresh random name; returns the public path (served by the media module). */
export function storePicture(dataDir: string, bytes: Buffer, extension: string): string {
  const dir = uploadsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = `${randomUUID()}.${extension}`;
  writeFileSync(join(dir, file), bytes);
  return `/media/uploads/${file}`;
}

export function removePicture(dataDir: string, publicPath: string | null): void {
  if (publicPath === null || !publicPath.startsWith('/media/uploads/')) return;
  rmSync(join(uploadsDir(dataDir), basename(publicPath)), { force: true });
}
