import { describe, expect, it } from 'vitest';
import {
  META_HEADER,
  metaHeader,
  readPartialMeta,
  readVideoMeta,
} from '../../../src/services/offline/offline-meta';

const lesson = {
  videoId: 'ang-maths-f5-v01',
  title: 'Simplifying algebraic fractions',
  subjectId: 'ang-maths-f5',
  subjectTitle: 'Mathematics Form 5',
};
const KEY = '/media/videos/ang-maths-f5-v01-saver.mp4';

/** A cached body with `meta` in its header, as the offline store writes it. */
const stored = (meta: object) => new Response('body', { headers: metaHeader(meta) });
const rawHeader = (value: string) => new Response('body', { headers: { [META_HEADER]: value } });

describe('a downloaded lesson read back from its cached response', () => {
  it('reads what the store wrote, under the key it is stored at', () => {
    const meta = {
      ...lesson,
      quality: '360p',
      sizeBytes: 460_000,
      downloadedAt: 1_700_000,
      captionKeys: ['/c/fr.vtt'],
    };
    expect(readVideoMeta(KEY, stored(meta))).toEqual({ ...meta, key: KEY });
  });

  it('reads a download made before renditions, dates or captions were kept, with their defaults', () => {
    expect(readVideoMeta(KEY, stored({ ...lesson, sizeBytes: 1000 }))).toEqual({
      ...lesson,
      key: KEY,
      quality: null,
      sizeBytes: 1000,
      downloadedAt: 0,
      captionKeys: [],
    });
    expect(readVideoMeta(KEY, stored({ ...lesson, sizeBytes: 1000, quality: '1080p' }))?.quality).toBeNull();
  });

  it('does not list an entry that does not read back', () => {
    expect(readVideoMeta(KEY, stored({ ...lesson, sizeBytes: '1000' }))).toBeNull();
    expect(readVideoMeta(KEY, stored({ ...lesson, title: 7, sizeBytes: 1000 }))).toBeNull();
    expect(readVideoMeta(KEY, stored({ videoId: lesson.videoId, sizeBytes: 1000 }))).toBeNull();
    expect(readVideoMeta(KEY, rawHeader('%7Bnot json'))).toBeNull();
    expect(readVideoMeta(KEY, rawHeader(encodeURIComponent('[1,2]')))).toBeNull();
    expect(readVideoMeta(KEY, new Response('body'))).toBeNull();
  });
});

describe('the start of a download read back', () => {
  it('reads what the store wrote, with the bytes already received', () => {
    const meta = { ...lesson, quality: 'saver', totalBytes: 2_000_000, etag: '"abc"' };
    expect(readPartialMeta(KEY, stored(meta), 65_536)).toEqual({ ...meta, key: KEY, receivedBytes: 65_536 });
    expect(readPartialMeta(KEY, stored({ ...lesson, quality: 'saver' }), 0)).toEqual({
      ...lesson,
      quality: 'saver',
      totalBytes: null,
      etag: null,
      key: KEY,
      receivedBytes: 0,
    });
  });

  it('drops a start whose rendition is unknown or missing: it cannot be resumed', () => {
    expect(readPartialMeta(KEY, stored({ ...lesson, quality: '1080p' }), 10)).toBeNull();
    expect(readPartialMeta(KEY, stored(lesson), 10)).toBeNull();
    expect(readPartialMeta(KEY, stored({ ...lesson, subjectId: null, quality: 'saver' }), 10)).toBeNull();
  });
});
