import type { Subject } from '../../../contract/catalogue';
import type { Comment, Video } from '../../../contract/videos';
import {
  createPlaybackPositions,
  type KeyValueStore,
  type PlaybackPositions,
} from '../../../src/services/playback-positions';
import { amina } from './account-fixtures';

// A JWT whose payload says it expires in an hour; the signature is never checked by the app.
function liveToken(): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u1', exp })}.signature`;
}

export const STUDENT = amina;
export const LOGGED_IN = { id_token: liveToken(), user: JSON.stringify({ v: 1, data: STUDENT }) };

export const STREAM_URL = 'http://localhost/media/videos/vectors.mp4?exp=1&sig=a';
export const FRESH_STREAM_URL = 'http://localhost/media/videos/vectors.mp4?exp=2&sig=b';

export const COMMENT: Comment = {
  _id: 'c1',
  videoId: 'v1',
  userId: 'u9',
  username: 'bello',
  text: 'Very clear, thank you!',
  likes: 2,
  createdAt: '2025-03-01T10:00:00.000Z',
};

export const MATHS: Subject = {
  _id: 'maths',
  subjectTitle: 'Mathematics',
  pictureurl: 'http://localhost/media/pictures/maths.webp',
  price: 2_500,
  section: 'anglophone',
  level: 'Form 5',
  description: { en: 'Maths', fr: 'Maths' },
};

export const VIDEO: Video = {
  _id: 'v1',
  title: 'Vectors: an introduction',
  subjectId: 'maths',
  subjectTitle: 'Mathematics',
  section: 'anglophone',
  subsection: 'Vectors',
  level: 'Form 5',
  description: 'What a vector is, and how to add two of them.',
  thumbnailUrl: 'http://localhost/media/thumbnails/vectors.webp',
  durationSeconds: 600,
  views: 10,
  likes: 4,
  dislikes: 1,
  comments: [COMMENT],
  locked: false,
  streamUrl: STREAM_URL,
  renditions: [],
  captions: [],
};

const { streamUrl: _signedForPayersOnly, ...withoutStream } = VIDEO;
export const LOCKED_VIDEO: Video = { ...withoutStream, locked: true };

export const NEXT_VIDEO: Video = {
  ...VIDEO,
  _id: 'v2',
  title: 'Adding vectors',
  durationSeconds: 420,
  comments: [],
  thumbnailUrl: 'http://localhost/media/thumbnails/adding.webp',
};

/** Resume positions in memory, with the same stored format as IndexedDB gets. */
export function memoryPositions(initial: Record<string, unknown> = {}): {
  positions: PlaybackPositions;
  entries: Map<string, unknown>;
} {
  const entries = new Map(Object.entries(initial));
  const store: KeyValueStore = {
    get: async (key) => entries.get(key),
    set: async (key, value) => {
      entries.set(key, value);
    },
    del: async (key) => {
      entries.delete(key);
    },
  };
  return { positions: createPlaybackPositions(store, () => 1_750_000_000_000), entries };
}

/** A promise the test settles itself, to look at the screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}
