import type { AnyEventObject } from 'xstate';
import type {
  LoadVideoOutput,
  PlaybackComment,
  PlaybackEvent,
  PlaybackInput,
  PlaybackSnapshot,
  PlaybackVideo,
} from '../../machines/playback';
import { playbackMachine } from '../../machines/playback';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

export const INPUT: PlaybackInput = { videoId: 'v1', userId: 'u1', quality: '360p' };
const signed = (quality: string, query: string) => `http://localhost/media/videos/v1-${quality}.mp4?${query}`;
/** The 360p rendition Auto picked, under the list's signature; then a fresh one, and a relisted one. */
export const STREAM = signed('360p', 'exp=1&sig=a');
export const SAVER_STREAM = signed('saver', 'exp=1&sig=a');
export const FRESH_STREAM = signed('360p', 'exp=2&sig=b');
export const LIST_STREAM = signed('360p', 'exp=3&sig=c');
const comment = (id: string, likes: number): PlaybackComment => ({
  _id: id,
  videoId: 'v1',
  userId: 'u2',
  username: 'njoya',
  text: 'Merci !',
  likes,
  createdAt: '2026-03-01T10:00:00.000Z',
});
export const COMMENT = comment('c1', 2);

const SIZES = {
  saver: { width: 426, height: 240, bitrate: 150_000 },
  '360p': { width: 640, height: 360, bitrate: 500_000 },
  '480p': { width: 854, height: 480, bitrate: 900_000 },
} as const;
/** The three renditions of a 600 s lesson: with access, each with its URL signed by `query`. */
const renditions = (query: string | null) =>
  (['saver', '360p', '480p'] as const).map((quality) => ({
    quality,
    ...SIZES[quality],
    sizeBytes: (SIZES[quality].bitrate / 8) * 600,
    durationSeconds: 600,
    ...(query === null ? {} : { url: signed(quality, query) }),
  }));
const renditionsSigned = (query: string) => renditions(query);

// The playback machine keeps the app's video whole (machines/playbackTypes.ts, PlaybackRegister): a lesson
// as the API lists it.
const base: Omit<PlaybackVideo, 'locked' | 'streamUrl' | 'renditions'> = {
  _id: 'v1',
  title: 'Quadratic equations',
  subjectId: 'maths',
  subjectTitle: 'Mathematics Form 5',
  section: 'anglophone',
  subsection: 'Algebra',
  level: 'Form 5',
  description: 'Solving ax² + bx + c = 0.',
  thumbnailUrl: 'http://localhost/media/thumbnails/v1.jpg',
  durationSeconds: 600,
  likes: 4,
  dislikes: 1,
  views: 10,
  comments: [COMMENT],
  captions: [],
};
export const PAID_VIDEO: PlaybackVideo = {
  ...base,
  locked: false,
  streamUrl: SAVER_STREAM,
  renditions: renditionsSigned('exp=1&sig=a'),
};
export const LOCKED_VIDEO: PlaybackVideo = {
  ...base,
  locked: true,
  renditions: renditions(null),
};

export const PAID: LoadVideoOutput = { video: PAID_VIDEO, price: 2_500, expired: false };
export const LOCKED: LoadVideoOutput = { video: LOCKED_VIDEO, price: 2_500, expired: true };
/** A free subject: nobody pays for it, so nobody's access is current. */
export const FREE: LoadVideoOutput = { video: PAID_VIDEO, price: 0, expired: true };
/** The access ran out after the video's list was made: the list still shows it unlocked. */
export const EXPIRED_UNLOCKED: LoadVideoOutput = { video: PAID_VIDEO, price: 2_500, expired: true };
/** Paid, but the video came from a list older than the purchase: no stream URL in it. */
export const STALE: LoadVideoOutput = { video: LOCKED_VIDEO, price: 2_500, expired: false };
export const REFRESHED: LoadVideoOutput = {
  video: {
    ...PAID_VIDEO,
    streamUrl: signed('saver', 'exp=2&sig=b'),
    renditions: renditionsSigned('exp=2&sig=b'),
  },
  price: 2_500,
  expired: false,
};
/** The list loaded again because the cached one predates the purchase. */
export const RELISTED: LoadVideoOutput = {
  video: {
    ...PAID_VIDEO,
    streamUrl: signed('saver', 'exp=3&sig=c'),
    renditions: renditionsSigned('exp=3&sig=c'),
  },
  price: 2_500,
  expired: false,
};

export const DURATION = 600;
export const MIDWAY = 120;
export const NEAR_END = 595;
export const STORED_POSITION = 42;
/** Where the page's own video is when the app takes it over (issue 19): playing its first second, or paused. */
export const ADOPTED_PLAYING_AT = 1;
export const ADOPTED_PAUSED_AT = 30;

export const AFTER_SAVE = 'xstate.after.saveEvery.playback.watching.media.playing';
export const NETWORK_ERROR = new Error('Network error. Please check your internet connection.');

export const playbackEventSamples = {
  'playback.retry': () => [{ type: 'playback.retry' }],
  'playback.start': () => [{ type: 'playback.start' }],
  // Another rendition (a new source from the same second), and the one already playing (nothing to load).
  'playback.setQuality': () => [
    { type: 'playback.setQuality', quality: 'saver' },
    { type: 'playback.setQuality', quality: '360p' },
  ],
  'playback.setRate': () => [{ type: 'playback.setRate', rate: 1.5 }],
  'playback.leave': () => [{ type: 'playback.leave' }],
  'media.loadedMetadata': () => [{ type: 'media.loadedMetadata', duration: DURATION }],
  // Issue 19: the page's element taken over, playing or paused in its first second, or paused past it.
  'media.adopted': () => [
    { type: 'media.adopted', duration: DURATION, position: ADOPTED_PLAYING_AT, playing: true },
    { type: 'media.adopted', duration: DURATION, position: ADOPTED_PLAYING_AT, playing: false },
    { type: 'media.adopted', duration: DURATION, position: ADOPTED_PAUSED_AT, playing: false },
  ],
  'media.timeUpdate': () => [
    { type: 'media.timeUpdate', position: MIDWAY },
    { type: 'media.timeUpdate', position: NEAR_END },
  ],
  'media.play': () => [{ type: 'media.play' }],
  'media.pause': () => [{ type: 'media.pause' }],
  'media.ended': () => [{ type: 'media.ended' }],
  'media.error': () => [{ type: 'media.error' }],
  'video.like': () => [{ type: 'video.like' }],
  'video.dislike': () => [{ type: 'video.dislike' }],
  'comment.like': () => [{ type: 'comment.like', commentId: 'c1' }],
  'comment.added': () => [{ type: 'comment.added', comment: comment('c2', 0) }],
} satisfies Record<PlaybackEvent['type'], () => readonly PlaybackEvent[]>;

export const playbackInternalSamples = {
  'xstate.done.actor.loadVideo': (snapshot: PlaybackSnapshot) =>
    snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.loadVideo', output: PAID },
          { type: 'xstate.done.actor.loadVideo', output: LOCKED },
          { type: 'xstate.done.actor.loadVideo', output: FREE },
          { type: 'xstate.done.actor.loadVideo', output: EXPIRED_UNLOCKED },
          { type: 'xstate.done.actor.loadVideo', output: STALE },
        ]
      : [
          {
            type: 'xstate.done.actor.loadVideo',
            output: snapshot.matches('refreshingList') ? RELISTED : REFRESHED,
          },
          { type: 'xstate.done.actor.loadVideo', output: LOCKED },
        ],
  'xstate.error.actor.loadVideo': () => [{ type: 'xstate.error.actor.loadVideo', error: NETWORK_ERROR }],
  'xstate.done.actor.loadPosition': () => [
    { type: 'xstate.done.actor.loadPosition', output: STORED_POSITION },
    { type: 'xstate.done.actor.loadPosition', output: null },
  ],
  'xstate.error.actor.loadPosition': () => [
    { type: 'xstate.error.actor.loadPosition', error: new Error('IndexedDB unavailable') },
  ],
  'xstate.done.actor.countView': () => [
    { type: 'xstate.done.actor.countView', output: { likes: 4, dislikes: 1, views: 11 } },
  ],
  'xstate.error.actor.countView': () => [{ type: 'xstate.error.actor.countView', error: NETWORK_ERROR }],
  'xstate.done.actor.react': () => [
    { type: 'xstate.done.actor.react', output: { kind: 'counts', likes: 5, dislikes: 0, views: 10 } },
    { type: 'xstate.done.actor.react', output: { kind: 'commentLikes', commentId: 'c1', likes: 3 } },
  ],
  'xstate.error.actor.react': () => [{ type: 'xstate.error.actor.react', error: NETWORK_ERROR }],
  [AFTER_SAVE]: () => [{ type: AFTER_SAVE }],
} satisfies Record<string, (snapshot: PlaybackSnapshot) => readonly AnyEventObject[]>;

/**
 * A side branch of the model: counts, comments, the rate or a reaction error changed (they only change what
 * the screen shows), or the player started from a free subject, a list refreshed after a purchase, a
 * stream that recovered or was reloaded more than twice. Each has its own transitions taken, then its path ends, so the model does not
 * repeat the whole media region once per branch.
 */
function isSideBranch(snapshot: PlaybackSnapshot): boolean {
  const { context } = snapshot;
  const stream = context.video?.renditions?.find((rendition) => rendition.quality === '360p')?.url;
  return (
    // Another rendition: its own transitions are taken from the main branch; what follows is the same.
    context.quality !== '360p' ||
    context.rate !== 1 ||
    context.reactionError !== null ||
    context.video?.likes !== 4 ||
    context.video.comments.length !== 1 ||
    context.video.comments[0]?.likes !== COMMENT.likes ||
    context.price === 0 ||
    // The page's own video taken over where it stood (issue 19): from there on the media region is the one
    // explored after the metadata. Taken to the stored position, it is that very branch.
    (context.duration > 0 &&
      (context.position === ADOPTED_PLAYING_AT || context.position === ADOPTED_PAUSED_AT)) ||
    stream === LIST_STREAM ||
    // Retrying an unplayable stream could go on forever; two loads show every transition.
    context.streamLoads > 2 ||
    (stream === FRESH_STREAM && context.streamRefreshes === 0)
  );
}

const DECORATIONS = new Set([
  'video.like',
  'video.dislike',
  'comment.like',
  'comment.added',
  'playback.setRate',
]);

/** While the stored position is on its way, only what may happen before it arrives (issue 19) is explored. */
const BEFORE_POSITION = new Set([
  'xstate.done.actor.loadPosition',
  'xstate.error.actor.loadPosition',
  'playback.start',
  'media.loadedMetadata',
  'media.adopted',
]);

function allowed(snapshot: PlaybackSnapshot, event: AnyEventObject): boolean {
  if (!snapshot.matches('watching')) return true;
  if (isSideBranch(snapshot)) return false;
  if (snapshot.matches({ watching: { resume: 'loading' } })) return BEFORE_POSITION.has(event.type);
  const media = (type: string) => snapshot.matches({ watching: { media: type } } as never);
  const counting = snapshot.matches({ watching: { viewCount: 'counting' } });
  const reacting = snapshot.matches({ watching: { reactions: 'sending' } });
  if (DECORATIONS.has(event.type)) return media('paused') && !counting && snapshot.context.position === 0;
  // While a view or a reaction is in flight, only its answer is explored.
  if (counting && !event.type.includes('countView')) return false;
  if (reacting && !event.type.includes('react')) return false;
  // A stream being recovered is driven only through its recovery.
  if (snapshot.context.streamRefreshes > 0) {
    return !['media.timeUpdate', 'playback.leave', 'media.ended', 'media.pause'].includes(event.type);
  }
  if (event.type === 'media.timeUpdate') return snapshot.context.position < MIDWAY;
  return true;
}

export const playbackModel: MachineModel<typeof playbackMachine> = {
  machine: playbackMachine,
  inputs: [INPUT],
  samples: { ...playbackEventSamples, ...playbackInternalSamples },
  filterEvents: allowed,
};

export const PLAYBACK_EFFECTS = [
  'persistPosition',
  'forgetPosition',
  'rememberLastPlayed',
  'seekTo',
  'applyRate',
  'resumePlay',
] as const;

export function providePlaybackFakes(fakes: Fakes) {
  return playbackMachine.provide({
    actions: fakes.actions(PLAYBACK_EFFECTS),
    actors: {
      loadVideo: fakes.promiseActor('loadVideo'),
      loadPosition: fakes.promiseActor('loadPosition'),
      countView: fakes.promiseActor('countView'),
      react: fakes.promiseActor('react'),
    },
  });
}

export function createPlaybackHarness(input: PlaybackInput): Harness<typeof playbackMachine> {
  const fakes = new Fakes();
  return new Harness(providePlaybackFakes(fakes), input, fakes);
}

export const playbackExecutors: EventExecutors<typeof playbackMachine> = {
  'playback.retry': (harness, event) => harness.send(event),
  'playback.start': (harness, event) => harness.send(event),
  'playback.setQuality': (harness, event) => harness.send(event),
  'playback.setRate': (harness, event) => harness.send(event),
  'playback.leave': (harness, event) => harness.send(event),
  'media.loadedMetadata': (harness, event) => harness.send(event),
  'media.adopted': (harness, event) => harness.send(event),
  'media.timeUpdate': (harness, event) => harness.send(event),
  'media.play': (harness, event) => harness.send(event),
  'media.pause': (harness, event) => harness.send(event),
  'media.ended': (harness, event) => harness.send(event),
  'media.error': (harness, event) => harness.send(event),
  'video.like': (harness, event) => harness.send(event),
  'video.dislike': (harness, event) => harness.send(event),
  'comment.like': (harness, event) => harness.send(event),
  'comment.added': (harness, event) => harness.send(event),
};

export const playbackPaths = () => generatePaths(playbackModel);
