import { useSelector } from '@xstate/react';
import type { ReactNode, RefObject } from 'react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment, Video } from '../../../contract/videos';
import {
  selectChosenStream,
  selectIsAwaitingStart,
  selectIsLoading,
  selectIsLocked,
  selectIsReacting,
  selectIsRefreshingStream,
  selectIsUnplayable,
  selectIsWatching,
  selectLoadError,
  selectRate,
  selectReactionError,
  selectStreamError,
  selectStreamLoad,
  selectStreamUrl,
  selectVideo,
} from '../../../machines/playbackSelectors';
import type { Quality } from '../../../machines/videoQuality';
import { selectChoice, selectDataSaver, selectQuality } from '../../../machines/videoQuality';
import { DATA_PRICE_PER_GB } from '../../app/data-price';
import type { DrawnLesson } from '../../app/early-lesson';
import { useEarlyLesson } from '../../app/early-lesson';
import { lazyLoad, useLazy } from '../../app/lazy-load';
import { OfflineDownload } from '../../app/OfflineDownload';
import { useIdleWorkAfterStart } from '../../app/player-idle-hold';
import { useOnline } from '../../app/use-online';
import type { PlaybackActor } from '../../app/use-playback';
import { usePlayback } from '../../app/use-playback';
import type { VideoQualityActor } from '../../app/use-video-quality';
import { usePlayQuality, useVideoQuality } from '../../app/use-video-quality';
import { useVideoEnvironment } from '../../app/video-environment';
import { DrawnPlaceholder } from '../../ui/DrawnPlaceholder';
import { Loader } from '../../ui/Loader';
import { OfflineState } from '../../ui/OfflineStates';
import { ErrorState } from '../../ui/States';
import { useAfterFirstPaint } from '../../ui/use-after-first-paint';
import { videoTitle } from '../../ui/video-title';
import { CaptionsPicker } from './CaptionsPicker';
import { Comments } from './Comments';
import { LockedOffer } from './LockedOffer';
import { PlayerMedia } from './PlayerMedia';
import { QualityPicker } from './QualityPicker';
import { SpeedPicker } from './SpeedPicker';
import { VideoReactions } from './VideoReactions';
import './player.css';

/**
 * Issue 19: the up-next list (its call and its thumbnails) waits for the first frame, so that on a slow
 * connection it does not share the link with the lesson's first second; a student who has not pressed Play
 * after this long gets it anyway, to choose another lesson.
 */
export const UP_NEXT_WAITS_MS = 4_000;

/**
 * The up-next panel's code and style (two requests) load when the panel may show, not with the player's:
 * on a cold start they no longer share the link with the lesson's first second (issue 19).
 */
const upNextPanel = lazyLoad(() => import('../UpNextList/UpNextPanel'));

const sizesOf = (video: Video): Partial<Record<Quality, number>> =>
  Object.fromEntries((video.renditions ?? []).map((r) => [r.quality, r.sizeBytes]));

/**
 * Whether the up-next list may load: once the first frame is shown, once the student has waited this long
 * without pressing Play, or at once when there is nothing to play (`nothingToPlay`: locked, failed,
 * unplayable).
 */
function useUpNextNow(awaitingStart: boolean, nothingToPlay: boolean) {
  const [framed, setFramed] = useState(false);
  const onPlaying = useCallback(() => setFramed(true), []);
  const [waitedForPlay, setWaitedForPlay] = useState(false);
  useEffect(() => {
    if (!awaitingStart) return;
    const timer = setTimeout(() => setWaitedForPlay(true), UP_NEXT_WAITS_MS);
    return () => clearTimeout(timer);
  }, [awaitingStart]);
  return { upNextNow: framed || waitedForPlay || nothingToPlay, onPlaying };
}

/**
 * Where the student is gets saved when the page goes away. A layout effect's cleanup runs before the
 * actor's own (a passive effect) stops it, so the last position still reaches the machine.
 */
function useLeaveSavesPosition(playback: PlaybackActor) {
  useLayoutEffect(() => {
    const leave = () => playback.send({ type: 'playback.leave' });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      leave();
    };
  }, [playback]);
}

/** One video: the access check, then the player or the offer to buy its subject, and what comes next. */
export function PlayerScreen({ videoId, userId }: { videoId: string; userId: string }) {
  const { t, i18n } = useTranslation();
  const media = useRef<HTMLVideoElement>(null);
  const costId = useId();
  const quality = useVideoQuality();
  const playback = usePlayback(videoId, userId, media, selectQuality(quality.getSnapshot()));
  usePlayQuality(quality, playback);
  const video = useSelector(playback, selectVideo);
  const loading = useSelector(playback, selectIsLoading);
  const loadError = useSelector(playback, selectLoadError);
  const locked = useSelector(playback, selectIsLocked);
  const watching = useSelector(playback, selectIsWatching);
  const awaitingStart = useSelector(playback, selectIsAwaitingStart);
  const unplayable = useSelector(playback, selectIsUnplayable);
  const online = useOnline();
  const { upNextNow, onPlaying } = useUpNextNow(awaitingStart, locked || loadError !== null || unplayable);
  // The app's idle-time work, held when it opened on this lesson, goes at the same moment (issue 19).
  useIdleWorkAfterStart(upNextNow);
  useLeaveSavesPosition(playback);
  const UpNextPanel = useLazy(upNextPanel, { load: upNextNow })?.UpNextPanel;
  // The lesson the page drew, maybe already playing, before this code ran (issue 19).
  const early = useEarlyLesson(videoId);

  let main: ReactNode;
  if (loading && early) {
    // The drawn lesson stays in place (and plays on) until the answer is in.
    main = <DrawnPlaceholder drawn={early.node} label={t('player.loading')} />;
  } else if (loading) {
    main = (
      <>
        <div className="player__frame player__frame--waiting">
          <Loader label={t('player.loading')} />
        </div>
        <h1 className="player__title">{t('routes.video-player')}</h1>
      </>
    );
  } else if (loadError !== null) {
    const retry = () => playback.send({ type: 'playback.retry' });
    main = (
      <>
        <h1 className="player__title">{t('routes.video-player')}</h1>
        {online ? (
          <ErrorState message={loadError} retryLabel={t('common.retry')} onRetry={retry} />
        ) : (
          <OfflineState onRetry={retry} />
        )}
      </>
    );
  } else if (locked && video) {
    main = (
      <>
        <h1 className="player__title">{videoTitle(video, i18n.language)}</h1>
        <LockedOffer video={video} />
      </>
    );
  } else if (watching && video) {
    const lesson = { video, videoId, playback, quality, online };
    main = (
      <>
        <WatchingMedia {...lesson} media={media} costId={costId} onPlaying={onPlaying} early={early} />
        <LessonControls {...lesson} costId={costId} awaitingStart={awaitingStart} started={upNextNow} />
      </>
    );
  }

  return (
    <main className="page player-page" id="main">
      <div className="player-layout">
        <div className="player-main">{main}</div>
        <aside className="player-aside">
          {upNextNow && UpNextPanel ? <UpNextPanel videoId={videoId} /> : null}
        </aside>
      </div>
    </main>
  );
}

interface LessonProps {
  video: Video;
  videoId: string;
  playback: PlaybackActor;
  quality: VideoQualityActor;
  online: boolean;
}

/** The student's kept settings for a lesson: the rendition on the phone (if any) and the captions. */
function useLessonSettings(quality: VideoQualityActor) {
  const { preferences } = useVideoEnvironment();
  const downloaded = useSelector(quality, (snapshot) => snapshot.context.downloaded);
  const captions = useSyncExternalStore(preferences.subscribe, () => preferences.get().captions);
  return { preferences, downloaded, captions };
}

/**
 * The page's playing element when it plays what the player would (the same signed URL, its first source),
 * else null. One that plays another rendition (the connection changed meanwhile) is stopped, and the
 * player starts its own: the student did press Play.
 */
function useAdoptedVideo(
  early: DrawnLesson | null,
  playback: PlaybackActor,
  chosenStream: string | null,
  streamLoad: number,
): HTMLVideoElement | null {
  const element = early?.video ?? null;
  const adopted = element && early && streamLoad === 0 && chosenStream === early.url ? element : null;
  const [mismatched] = useState(() => element !== null && adopted === null);
  useLayoutEffect(() => {
    if (!mismatched || !element) return;
    element.pause();
    element.remove();
    if (selectIsAwaitingStart(playback.getSnapshot())) playback.send({ type: 'playback.start' });
  }, [mismatched, element, playback]);
  return adopted;
}

/** The lesson's picture: the player, or why it cannot play now. */
function WatchingMedia({
  video,
  playback,
  quality,
  online,
  media,
  costId,
  onPlaying,
  early,
}: LessonProps & {
  media: RefObject<HTMLVideoElement | null>;
  costId: string;
  onPlaying: () => void;
  early: DrawnLesson | null;
}) {
  const { t, i18n } = useTranslation();
  const { downloaded, captions } = useLessonSettings(quality);
  const awaitingStart = useSelector(playback, selectIsAwaitingStart);
  const streamUrl = useSelector(playback, selectStreamUrl);
  const streamLoad = useSelector(playback, selectStreamLoad);
  const refreshing = useSelector(playback, selectIsRefreshingStream);
  const unplayable = useSelector(playback, selectIsUnplayable);
  const streamError = useSelector(playback, selectStreamError);
  const chosenStream = useSelector(playback, selectChosenStream);
  const adopted = useAdoptedVideo(early, playback, chosenStream, streamLoad);
  const title = videoTitle(video, i18n.language);
  return (
    <>
      {/* Offline (issue 18), a lesson not on the phone cannot stream: said before Play, not after it fails. */}
      {!online && downloaded === null ? (
        <OfflineState message={t('offline.lessonNeedsConnection')} />
      ) : (
        <PlayerMedia
          video={video}
          title={title}
          media={media}
          playback={playback}
          awaitingStart={awaitingStart}
          streamUrl={streamUrl}
          streamLoad={streamLoad}
          refreshing={refreshing}
          captions={captions}
          costId={costId}
          onPlaying={onPlaying}
          adopted={adopted}
        />
      )}
      {unplayable && (online || downloaded !== null) ? (
        <ErrorState
          message={streamError ?? t('player.unplayable')}
          retryLabel={t('player.retry')}
          onRetry={() => playback.send({ type: 'playback.retry' })}
        />
      ) : null}
      <h1 className="player__title">{title}</h1>
      <p className="player__subject">
        {video.subjectTitle} · {video.subsection}
      </p>
    </>
  );
}

/**
 * Whether the rest of the lesson's controls (LessonExtras) may be drawn: after the screen's first paint while
 * the student has not pressed Play, else once the first frame shows (`started`: the up-next signal, which also
 * comes after a long wait or when there is nothing to play). A tap on Play right away must not find that
 * render on the main thread while the video starts (issue 19: it cost the installed app's warm start 0.2 s).
 * Once drawn, they stay.
 */
function useRestOfLesson(awaitingStart: boolean, started: boolean): boolean {
  const painted = useAfterFirstPaint();
  const [drawn, setDrawn] = useState(false);
  if (!drawn && ((painted && awaitingStart) || started)) setDrawn(true);
  return drawn || (painted && awaitingStart) || started;
}

/**
 * What the student does with the lesson: the rendition with its cost in data and the download, at once (they
 * are read before Play), then the rest a moment later, below them (issue 19).
 */
function LessonControls({
  video,
  videoId,
  playback,
  quality,
  costId,
  awaitingStart,
  started,
}: LessonProps & { costId: string; awaitingStart: boolean; started: boolean }) {
  const choice = useSelector(quality, selectChoice);
  const playing = useSelector(quality, selectQuality);
  const dataSaver = useSelector(quality, selectDataSaver);
  const { downloaded } = useLessonSettings(quality);
  const rest = useRestOfLesson(awaitingStart, started);
  const onDownloaded = useCallback(
    (stored: Quality | null) => quality.send({ type: 'quality.downloadedChanged', quality: stored }),
    [quality],
  );
  return (
    <>
      <QualityPicker
        choice={choice}
        quality={playing}
        sizes={sizesOf(video)}
        downloaded={downloaded}
        dataSaver={dataSaver}
        pricePerGb={DATA_PRICE_PER_GB}
        costId={costId}
        onChoose={(next) => quality.send({ type: 'quality.choose', choice: next })}
        onDataSaver={(on) => quality.send({ type: 'quality.setDataSaver', on })}
      />
      {/* At once: it finds a copy kept on the phone, which then plays instead of the network's. */}
      <OfflineDownload video={video} pricePerGb={DATA_PRICE_PER_GB} onDownloaded={onDownloaded} />
      {rest ? <LessonExtras video={video} videoId={videoId} playback={playback} quality={quality} /> : null}
    </>
  );
}

/**
 * Reactions, captions, speed, description and comments: below the picture on a phone, drawn after the screen's
 * first paint (or after the first frame: useRestOfLesson), below what is already there (nothing moves). Their render and layout took a 4x-slowed main
 * thread about 0.2 s before Play showed (issue 19: nothing the first frame does not need is on its path).
 */
function LessonExtras({ video, videoId, playback, quality }: Omit<LessonProps, 'online'>) {
  const { preferences, captions } = useLessonSettings(quality);
  const rate = useSelector(playback, selectRate);
  const reacting = useSelector(playback, selectIsReacting);
  const reactionError = useSelector(playback, selectReactionError);
  return (
    <>
      <VideoReactions
        likes={video.likes}
        dislikes={video.dislikes}
        views={video.views}
        busy={reacting}
        error={reactionError}
        onLike={() => playback.send({ type: 'video.like' })}
        onDislike={() => playback.send({ type: 'video.dislike' })}
      />
      <CaptionsPicker
        languages={(video.captions ?? []).filter((caption) => caption.url).map((caption) => caption.lang)}
        choice={captions}
        onChange={(next) => preferences.update({ captions: next })}
      />
      <SpeedPicker rate={rate} onChange={(next) => playback.send({ type: 'playback.setRate', rate: next })} />
      {video.description ? <p className="player__description">{video.description}</p> : null}
      <Comments
        videoId={videoId}
        comments={video.comments}
        busy={reacting}
        onLike={(commentId) => playback.send({ type: 'comment.like', commentId })}
        onPosted={(comment: Comment) => playback.send({ type: 'comment.added', comment })}
      />
    </>
  );
}
