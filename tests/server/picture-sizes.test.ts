import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

// Issue 12: the catalogue's pictures come in several widths, generated with the seed media, and the lists
// say which (an srcset), so a phone downloads the width it draws.

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** `url width` pairs of an srcset. */
const candidates = (srcset: string) =>
  srcset.split(', ').map((candidate) => {
    const [url = '', width = ''] = candidate.split(' ');
    return { path: new URL(url).pathname, width: Number(width.replace(/w$/, '')) };
  });

/** The width a WebP file declares in its VP8 header. */
function webpWidth(bytes: Buffer): number {
  expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
  // Lossy VP8: frame tag (3 bytes), start code (3 bytes), then 14-bit width.
  return bytes.readUInt16LE(26) & 0x3fff;
}

describe('responsive pictures', () => {
  it('every subject lists its picture in widths that exist and are what they say, in WebP', async () => {
    const { body } = await ctx.request<Array<{ pictureurl: string; pictureSrcset?: string }>>({
      method: 'GET',
      url: '/subjects/subject/fetch-all',
    });
    expect(body.length).toBeGreaterThan(0);
    for (const subject of body.slice(0, 5)) {
      expect(subject.pictureSrcset, subject.pictureurl).toBeDefined();
      const sizes = candidates(subject.pictureSrcset ?? '');
      expect(sizes.map((size) => size.width)).toEqual([80, 160, 320, 480]);
      for (const { path, width } of sizes) {
        const response = await ctx.app.inject({ method: 'GET', url: path });
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['content-type']).toContain('image/webp');
        expect(webpWidth(response.rawPayload)).toBe(width);
      }
    }
  });

  it('video thumbnails come in a small and a large width, on the lists and the pages alike', async () => {
    const list = await ctx.request<Array<{ thumbnailSrcset?: string }>>({
      method: 'GET',
      url: '/videos/fetchvideos/anglophone',
    });
    const page = await ctx.request<{ videos: Array<{ thumbnailSrcset?: string }> }>({
      method: 'GET',
      url: '/videos/page?section=anglophone&limit=3',
    });
    for (const video of [list.body[0], ...page.body.videos]) {
      const sizes = candidates(video?.thumbnailSrcset ?? '');
      expect(sizes.map((size) => size.width)).toEqual([160, 320]);
      const response = await ctx.app.inject({ method: 'GET', url: sizes[0]?.path ?? '' });
      expect(webpWidth(response.rawPayload)).toBe(160);
    }
  });
});
