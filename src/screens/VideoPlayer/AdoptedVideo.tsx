import type { RefObject } from 'react';
import { useLayoutEffect, useRef } from 'react';
import { selectIsAwaitingStart } from '../../../machines/playbackSelectors';
import type { PlaybackActor } from '../../app/use-playback';
import { isStreamFailure } from './stream-failure';

export interface AdoptedTrack {
  lang: string;
  label: string;
  url: string;
}

export interface AdoptedVideoProps {
  /** The page's own video element, playing since the student tapped the drawn Play (issue 19). */
  element: HTMLVideoElement;
  media: RefObject<HTMLVideoElement | null>;
  playback: PlaybackActor;
  label: string;
  tracks: readonly AdoptedTrack[];
  /** Shows the chosen track and hides the others, on this element. */
  applyCaptions: (element: HTMLVideoElement) => void;
  onPlaying?: (() => void) | undefined;
}

/**
 * The video the page started before the app's code ran (src/app/early-lesson-boot.ts), taken over where the
 * player's own would be: moved into the frame in the commit that takes the page's nodes out (a media element
 * put back within the same task plays on), told to the playback machine as the student's start, its
 * metadata and its playing, then followed through its own events as the player's element is. It stays until
 * the player loads another source (another rendition, a fresh URL): then the player's own element replaces it.
 */
export function AdoptedVideo(props: AdoptedVideoProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const { element, media, playback } = props;
  useLayoutEffect(() => {
    const box = host.current;
    if (!box) return;
    box.appendChild(element);
    media.current = element;
    const { label, tracks } = latest.current;
    element.setAttribute('aria-label', label);
    if (element.getElementsByTagName('track').length === 0) {
      for (const caption of tracks) {
        const track = document.createElement('track');
        track.kind = 'subtitles';
        track.srclang = caption.lang;
        track.label = caption.label;
        track.src = caption.url;
        element.appendChild(track);
      }
    }
    latest.current.applyCaptions(element);
    const send = playback.send.bind(playback);
    /**
     * The metadata, then (the play having happened before the player listened) that it plays. The machine
     * hears of the element as the student has it (`media.adopted`): where it is and whether it plays, so it
     * neither starts it again nor takes it to the stored position unless it plays its first seconds.
     */
    const metadata = () => {
      const { duration } = element;
      latest.current.applyCaptions(element);
      send({
        type: 'media.adopted',
        duration: Number.isFinite(duration) ? duration : 0,
        position: element.currentTime,
        playing: !element.paused,
      });
      if (!element.paused) send({ type: 'media.play' });
    };
    const listeners: Array<[string, () => void]> = [
      ['loadedmetadata', metadata],
      ['timeupdate', () => send({ type: 'media.timeUpdate', position: element.currentTime })],
      ['play', () => send({ type: 'media.play' })],
      ['playing', () => latest.current.onPlaying?.()],
      ['pause', () => send({ type: 'media.pause' })],
      ['ended', () => send({ type: 'media.ended' })],
      [
        'error',
        () => {
          if (isStreamFailure(element)) send({ type: 'media.error' });
        },
      ],
    ];
    for (const [type, listener] of listeners) element.addEventListener(type, listener);
    // The student pressed Play on the drawn lesson: for the machine, they pressed it now.
    if (selectIsAwaitingStart(playback.getSnapshot())) send({ type: 'playback.start' });
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) metadata();
    if (!element.paused && element.currentTime > 0) latest.current.onPlaying?.();
    return () => {
      for (const [type, listener] of listeners) element.removeEventListener(type, listener);
      element.remove();
      if (media.current === element) media.current = null;
    };
  }, [element, media, playback]);
  return <div ref={host} className="player__adopted" />;
}
