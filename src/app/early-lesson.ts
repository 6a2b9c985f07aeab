import { useEffect, useState } from 'react';
import { QUALITIES } from '../../machines/videoQuality';
import { DATA_PRICE_PER_GB } from './data-price';
import { dictionaryText } from './dictionary-text';
import type { DrawnLesson, EarlyLessonTexts } from './early-lesson-boot';

/**
 * The lesson the page drew and may already be playing before the app's code ran (issue 19,
 * src/app/early-lesson-boot.ts), left on `window` under this key for the player to take over.
 */
export const EARLY_LESSON_KEY = '__studyCamEarlyLesson';

export type { DrawnLesson };

/**
 * The lesson the page drew for `videoId`, if any: looked up in the player's first render, while the page's
 * content is still there (the root's commit then takes it out, and the player puts it back: the drawn nodes
 * while the player loads, the playing element once it plays). Forgotten once mounted, so a later visit to the
 * lesson starts afresh.
 */
export function useEarlyLesson(videoId: string, host: object = window): DrawnLesson | null {
  const [lesson] = useState(() => {
    const drawn = (host as Record<string, DrawnLesson | undefined>)[EARLY_LESSON_KEY];
    return drawn && drawn.videoId === videoId && drawn.node.isConnected ? drawn : null;
  });
  useEffect(() => {
    const record = host as Record<string, DrawnLesson | undefined>;
    if (lesson && record[EARLY_LESSON_KEY] === lesson) delete record[EARLY_LESSON_KEY];
  }, [host, lesson]);
  return lesson;
}

/** The drawn lesson's words, from the page's dictionary: the very keys the player renders (build time). */
export function earlyLessonTexts(lang: string, dictionary: Record<string, unknown>): EarlyLessonTexts {
  const t = dictionaryText(lang, dictionary);
  return {
    lang,
    play: t('video.play'),
    cost: t('video.cost'),
    costUnknown: t('video.costUnknown'),
    qualities: Object.fromEntries(QUALITIES.map((quality) => [quality, t(`video.quality.${quality}`)])),
    videoLabel: t('player.videoLabel'),
    pricePerGb: DATA_PRICE_PER_GB,
  };
}
