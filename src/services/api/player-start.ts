import type { VideoPlayAnswer } from '../../../contract/videos';
import type { Endpoints } from './endpoints';

/**
 * A lesson's first request, started before its player renders (issue 19): by the tap on a link to it, or
 * with the app's code when the app opens on the player. The player takes the answer instead of asking
 * again. It is handed over once and only while fresh: it carries signed URLs, and a later visit must not
 * play from a stale answer (the access may have changed).
 */
export const PLAYER_START_FRESH_MS = 30_000;

type PlayApi = Pick<Endpoints, 'playVideo'>;

const started = new Map<string, { at: number; answer: Promise<VideoPlayAnswer> }>();

/** The answer started for the lesson while it is still fresh, else undefined. */
function freshStart(videoId: string, now: () => number): Promise<VideoPlayAnswer> | undefined {
  const current = started.get(videoId);
  return current && now() - current.at < PLAYER_START_FRESH_MS ? current.answer : undefined;
}

/** Asks for the lesson's player data now, once however often it is called while the answer is fresh. */
export function prefetchPlayerStart(
  api: PlayApi,
  videoId: string,
  now: () => number = Date.now,
): Promise<VideoPlayAnswer> {
  const fresh = freshStart(videoId, now);
  if (fresh) return fresh;
  const answer = api.playVideo(videoId);
  // A failed prefetch is forgotten: the player asks again and shows the failure itself.
  answer.catch(() => {
    if (started.get(videoId)?.answer === answer) started.delete(videoId);
  });
  started.set(videoId, { at: now(), answer });
  return answer;
}

/** The prefetched answer for the lesson if there is a fresh one (handed over once), else a new request. */
export function takePlayerStart(
  api: PlayApi,
  videoId: string,
  now: () => number = Date.now,
): Promise<VideoPlayAnswer> {
  const fresh = freshStart(videoId, now);
  started.delete(videoId);
  return fresh ?? api.playVideo(videoId);
}
