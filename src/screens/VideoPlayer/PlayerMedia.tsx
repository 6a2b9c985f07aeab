import type { RefObject } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Caption, Video } from '../../../contract/videos';
import type { PlaybackActor } from '../../app/use-playback';
import { Loader } from '../../ui/Loader';
import { AdoptedVideo } from './AdoptedVideo';
import type { CaptionsChoice } from './CaptionsPicker';
import { isStreamFailure } from './stream-failure';

/**
 * The video loads in CORS mode, same-origin media too. The native shell's media are on another origin:
 * without it the browser refuses their caption tracks. The web app's worker answers a lesson's first bytes
 * from what it kept (src/sw/lesson-heads.ts) and the rest from the network, and Chromium fails a no-cors
 * media element whose ranges mix a response the worker made with one from the network ("data source
 * error"); in CORS mode it does not compare them (the network layer checks CORS instead, which a
 * same-origin request always passes). The tracks are the lesson's captions (below).
 */
const CORS_MODE = { crossOrigin: 'anonymous' } as const;

/**
 * The lesson's own thumbnail at the width the frame draws (issue 19): on a phone the frame is wider than
 * every thumbnail, so the widest of its sizes, and the same file for the start image and the video's
 * poster (one download, not two).
 */
export function posterOf(video: Pick<Video, 'thumbnailUrl' | 'thumbnailSrcset'>): string {
  const candidates = (video.thumbnailSrcset ?? '')
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url, width]) => ({ url, width: Number.parseInt(width ?? '', 10) }))
    .filter(
      (candidate): candidate is { url: string; width: number } =>
        Boolean(candidate.url) && candidate.width > 0,
    );
  const widest = candidates.sort((a, b) => b.width - a.width)[0];
  return widest?.url ?? video.thumbnailUrl;
}

/** Shows the chosen captions' track and hides the others (a track only loads once it is shown). */
function applyCaptions(element: HTMLVideoElement | null, choice: CaptionsChoice) {
  const tracks = element?.textTracks;
  if (!tracks) return;
  for (let index = 0; index < tracks.length; index++) {
    const track = tracks[index];
    if (track) track.mode = track.language === choice ? 'showing' : 'disabled';
  }
}

/** The poster and the start button, until the student plays (nothing of the video is downloaded before). */
function PlayerStart(props: { poster: string; costId: string; label: string; onStart: () => void }) {
  return (
    <div className="player__start">
      <img
        className="player__poster"
        src={props.poster}
        alt=""
        width={320}
        height={180}
        fetchPriority="high"
        decoding="async"
      />
      <button
        type="button"
        className="btn player__play"
        aria-describedby={props.costId}
        onClick={props.onStart}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
        {props.label}
      </button>
    </div>
  );
}

export interface PlayerMediaProps {
  video: Video;
  title: string;
  media: RefObject<HTMLVideoElement | null>;
  playback: PlaybackActor;
  awaitingStart: boolean;
  streamUrl: string | null;
  streamLoad: number;
  refreshing: boolean;
  captions: CaptionsChoice;
  /** The element that says what the chosen rendition costs, read with the start button. */
  costId: string;
  /** The first frame is on screen (the media's `playing`): what is not needed before it may load now. */
  onPlaying?: () => void;
  /**
   * The page's own element, playing this very stream since the student tapped the drawn lesson's Play before
   * the app's code ran (issue 19, src/app/early-lesson-boot.ts): taken over instead of a new one.
   */
  adopted?: HTMLVideoElement | null;
}

/** The 16:9 frame: the start button until the student plays (nothing is downloaded before), then the video. */
export function PlayerMedia(props: PlayerMediaProps) {
  const { t } = useTranslation();
  const { media, playback, streamUrl, captions } = props;
  const poster = posterOf(props.video);
  const tracks = (props.video.captions ?? []).filter((caption): caption is Caption & { url: string } =>
    Boolean(caption.url),
  );

  useEffect(() => {
    applyCaptions(media.current, captions);
  }, [media, captions]);

  let content: React.ReactNode;
  if (props.adopted) {
    content = (
      <AdoptedVideo
        element={props.adopted}
        media={media}
        playback={playback}
        label={t('player.videoLabel', { title: props.title })}
        tracks={tracks.map((caption) => ({
          lang: caption.lang,
          label: t(`video.captions.${caption.lang}`),
          url: caption.url,
        }))}
        applyCaptions={(element) => applyCaptions(element, captions)}
        onPlaying={props.onPlaying}
      />
    );
  } else if (props.awaitingStart) {
    content = (
      <PlayerStart
        poster={poster}
        costId={props.costId}
        label={t('video.play')}
        onStart={() => playback.send({ type: 'playback.start' })}
      />
    );
  } else if (streamUrl) {
    content = (
      <video
        // A fresh element per load: a URL that came back unchanged (a network blip) must still reload.
        key={props.streamLoad}
        ref={(element) => {
          media.current = element;
          // A new element (another source) starts with its tracks disabled: the choice applies to it too.
          applyCaptions(element, captions);
        }}
        className="player__video"
        controls
        playsInline
        preload="metadata"
        src={streamUrl}
        poster={poster}
        {...CORS_MODE}
        aria-label={t('player.videoLabel', { title: props.title })}
        onLoadedMetadata={(event) => {
          const { duration } = event.currentTarget;
          applyCaptions(event.currentTarget, captions);
          playback.send({ type: 'media.loadedMetadata', duration: Number.isFinite(duration) ? duration : 0 });
        }}
        onTimeUpdate={(event) =>
          playback.send({ type: 'media.timeUpdate', position: event.currentTarget.currentTime })
        }
        onPlay={() => playback.send({ type: 'media.play' })}
        onPlaying={props.onPlaying}
        onPause={() => playback.send({ type: 'media.pause' })}
        onEnded={() => playback.send({ type: 'media.ended' })}
        onError={(event) => {
          if (isStreamFailure(event.currentTarget)) playback.send({ type: 'media.error' });
        }}
      >
        {tracks.map((caption) => (
          <track
            key={caption.lang}
            kind="subtitles"
            srcLang={caption.lang}
            label={t(`video.captions.${caption.lang}`)}
            src={caption.url}
          />
        ))}
      </video>
    );
  } else {
    content = <Loader label={t('player.loading')} />;
  }

  return (
    <div className="player__frame">
      {content}
      {props.refreshing ? (
        <div className="player__overlay">
          <Loader label={t('player.reconnecting')} />
        </div>
      ) : null}
    </div>
  );
}
