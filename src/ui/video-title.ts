import type { Video } from '../../contract/videos';

/** A lesson's title in the student's language when it has both (imported lessons), else its one title. */
export function videoTitle(video: Pick<Video, 'title' | 'titles'>, lang: string): string {
  return (lang === 'fr' ? video.titles?.fr : video.titles?.en) ?? video.title;
}
