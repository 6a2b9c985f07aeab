import { useSelector } from '@xstate/react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
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
} from '../../../machines/playback';
import { OfflineDownload } from '../../app/OfflineDownload';
import type { Comment, Video } from '../../services/api/types';
import { Loader } from '../../ui/Loader';
import { ErrorState } from '../../ui/States';
import { UpNextPanel } from '../UpNextList/UpNextPanel';
import { Comments } from './Comments';
import { LockedOffer } from './LockedOffer';
import { SpeedPicker } from './SpeedPicker';
import { usePlayback } from './use-playback';
import { VideoReactions } from './VideoReactions';
import './player.css';

const MEDIA_ERR_ABORTED = 1;

/** One video: the access check, then the player or the offer to buy its subject, and what comes next. */
export function PlayerScreen({ videoId, userId }: { videoId: string; userId: string }) {
  const { t } = useTranslation();
  const media = useRef<HTMLVideoElement>(null);
  const playback = usePlayback(videoId, userId, media);
  // The machine keeps the server's video whole; its type only names the fields the machine reads.
  const video = useSelector(playback, selectVideo) as unknown as Video | null;
  const loading = useSelector(playback, selectIsLoading);
  const loadError = useSelector(playback, selectLoadError);
  const locked = useSelector(playback, selectIsLocked);
  const watching = useSelector(playback, selectIsWatching);
  const streamUrl = useSelector(playback, selectStreamUrl);
  const streamLoad = useSelector(playback, selectStreamLoad);
  const refreshing = useSelector(playback, selectIsRefreshingStream);
  const unplayable = useSelector(playback, selectIsUnplayable);
  const streamError = useSelector(playback, selectStreamError);
  const rate = useSelector(playback, selectRate);
  const reacting = useSelector(playback, selectIsReacting);
  const reactionError = useSelector(playback, selectReactionError);

  // Where the student is gets saved when the page goes away. A layout effect's cleanup runs before the
  // actor's own (a passive effect) stops it, so the last position still reaches the machine.
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

  let main: ReactNode;
  if (loading) {
    main = (
      <>
        <div className="player__frame player__frame--waiting">
          <Loader label={t('player.loading')} />
        </div>
        <h1 className="player__title">{t('routes.video-player')}</h1>
      </>
    );
  } else if (loadError !== null) {
    main = (
      <>
        <h1 className="player__title">{t('routes.video-player')}</h1>
        <ErrorState
          message={loadError}
          retryLabel={t('common.retry')}
          onRetry={() => playback.send({ type: 'playback.retry' })}
        />
      </>
    );
  } else if (locked && video) {
    main = (
      <>
        <h1 className="player__title">{video.title}</h1>
        <LockedOffer video={video} />
      </>
    );
  } else if (watching && video) {
    main = (
      <>
        <div className="player__frame">
          {streamUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: the catalogue has no caption files yet; none can be offered.
            <video
              // A fresh element per load: a URL that came back unchanged (a network blip) must still reload.
              key={streamLoad}
              ref={media}
              className="player__video"
              controls
              playsInline
              preload="metadata"
              src={streamUrl}
              poster={video.thumbnailUrl}
              aria-label={t('player.videoLabel', { title: video.title })}
              onLoadedMetadata={(event) => {
                const { duration } = event.currentTarget;
                playback.send({
                  type: 'media.loadedMetadata',
                  duration: Number.isFinite(duration) ? duration : 0,
                });
              }}
              onTimeUpdate={(event) =>
                playback.send({ type: 'media.timeUpdate', position: event.currentTarget.currentTime })
              }
              onPlay={() => playback.send({ type: 'media.play' })}
              onPause={() => playback.send({ type: 'media.pause' })}
              onEnded={() => playback.send({ type: 'media.ended' })}
              onError={(event) => {
                // An aborted load (a new src replacing the old) is not a failure of the stream.
                if (event.currentTarget.error?.code === MEDIA_ERR_ABORTED) return;
                playback.send({ type: 'media.error' });
              }}
            />
          ) : (
            <Loader label={t('player.loading')} />
          )}
          {refreshing ? (
            <div className="player__overlay">
              <Loader label={t('player.reconnecting')} />
            </div>
          ) : null}
        </div>
        {unplayable ? (
          <ErrorState
            message={streamError ?? t('player.unplayable')}
            retryLabel={t('player.retry')}
            onRetry={() => playback.send({ type: 'playback.retry' })}
          />
        ) : null}
        <h1 className="player__title">{video.title}</h1>
        <p className="player__subject">
          {video.subjectTitle} · {video.subsection}
        </p>
        <VideoReactions
          likes={video.likes}
          dislikes={video.dislikes}
          views={video.views}
          busy={reacting}
          error={reactionError}
          onLike={() => playback.send({ type: 'video.like' })}
          onDislike={() => playback.send({ type: 'video.dislike' })}
        />
        <SpeedPicker
          rate={rate}
          onChange={(next) => playback.send({ type: 'playback.setRate', rate: next })}
        />
        <OfflineDownload video={video} />
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

  return (
    <main className="page player-page" id="main">
      <div className="player-layout">
        <div className="player-main">{main}</div>
        <aside className="player-aside">
          <UpNextPanel videoId={videoId} />
        </aside>
      </div>
    </main>
  );
}
