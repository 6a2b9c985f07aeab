import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveTvChannel } from '../../../contract/live-tv';
import { useExternalLink } from '../../app/use-external-link';
import { useLiveTv } from '../../app/use-live-tv';
import { useOnline } from '../../app/use-online';
import { useResource } from '../../app/use-resource';
import { formatBytes } from '../../rules/format-bytes';
import { streamUrlOf } from '../../rules/live-tv-stream';
import { ContentCard } from '../../ui/ContentCard';
import { ResourceView } from '../../ui/ListScreen';
import { OfflineState } from '../../ui/OfflineStates';
import { EmptyState, ErrorState } from '../../ui/States';
import './live-tv.css';
import '../../ui/content-card.css';
import '../../ui/badge.css';

/** Route `live-tv`: the channels; the chosen one plays in the app (HLS) after its data cost was shown. */
export default function LiveTv() {
  const { t, i18n } = useTranslation();
  const channels = useResource((api) => api.fetchLiveTvChannels(), undefined, { keep: 'live-tv-channels' });
  const video = useRef<HTMLVideoElement>(null);
  const list = channels.data ?? [];
  const tv = useLiveTv(list, video);
  const online = useOnline();
  const { send } = tv;
  // Offline (issue 18), nothing streams: the channel chosen says it needs a connection instead of a black box.
  useEffect(() => {
    if (!online) send({ type: 'tv.stop' });
  }, [online, send]);
  const openOutside = useExternalLink();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const view = tv.view;
  const chosen = view.status === 'choosing' ? undefined : list.find((item) => item._id === view.channelId);

  const languageOf = (channel: LiveTvChannel) =>
    ['en', 'fr', 'bilingual'].includes(channel.language)
      ? t(`liveTv.language.${channel.language}`)
      : channel.language;

  return (
    <main className="page live-tv" id="main">
      <h1>{t('routes.live-tv')}</h1>
      <p className="hint">{t('liveTv.intro')}</p>
      {chosen && !online ? (
        <section className="live-player" aria-labelledby="live-player-title">
          <h2 id="live-player-title">{chosen.title[lang]}</h2>
          <OfflineState title={t('liveTv.offlineTitle')} message={t('liveTv.offlineMessage')} />
        </section>
      ) : null}
      {chosen && online ? (
        <Player
          channel={chosen}
          view={view}
          video={video}
          onMode={(mode) => tv.send({ type: 'tv.setMode', mode })}
          onPlay={() => tv.send({ type: 'tv.play' })}
          onStop={() => tv.send({ type: 'tv.stop' })}
          onRetry={() => tv.send({ type: 'tv.retry' })}
        />
      ) : null}
      <ResourceView
        resource={channels}
        loadingLabel={t('liveTv.loading')}
        empty={
          list.length === 0 ? (
            <EmptyState title={t('liveTv.emptyTitle')} message={t('liveTv.emptyMessage')} />
          ) : null
        }
      >
        <ul className="content-list" aria-label={t('liveTv.channels')}>
          {list.map((channel) => (
            <li key={channel._id}>
              <ContentCard
                id={`channel-${channel._id}`}
                title={channel.title[lang]}
                picture={channel.logoUrl}
                pictureShape="square"
                eyebrow={languageOf(channel)}
                description={channel.description[lang]}
                badges={
                  channel.streamUrl ? (
                    <span className="badge badge--success">{t('liveTv.inApp')}</span>
                  ) : (
                    <span className="badge">{t('liveTv.onTheirSite')}</span>
                  )
                }
                actions={
                  channel.streamUrl ? (
                    <button
                      type="button"
                      className="btn"
                      aria-pressed={chosen?._id === channel._id}
                      aria-label={t('liveTv.chooseLabel', { name: channel.name })}
                      onClick={() => tv.send({ type: 'tv.choose', channelId: channel._id })}
                    >
                      {t('liveTv.choose')}
                    </button>
                  ) : channel.websiteUrl ? (
                    <a
                      className="btn btn--secondary"
                      href={channel.websiteUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={openOutside}
                      aria-label={t('liveTv.watchOnSiteLabel', { name: channel.name })}
                    >
                      {t('liveTv.watchOnSite')}
                    </a>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      </ResourceView>
    </main>
  );
}

interface PlayerProps {
  channel: LiveTvChannel;
  view: ReturnType<typeof useLiveTv>['view'];
  video: React.RefObject<HTMLVideoElement | null>;
  onMode: (mode: 'video' | 'audio') => void;
  onPlay: () => void;
  onStop: () => void;
  onRetry: () => void;
}

function Player({ channel, view, video, onMode, onPlay, onStop, onRetry }: PlayerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const mode = view.status === 'choosing' ? 'video' : view.mode;
  const hasAudio = channel.audioStreamUrl !== null;
  const perHour = mode === 'audio' ? channel.audioDataPerHourBytes : channel.dataPerHourBytes;
  const watching = view.status === 'starting' || view.status === 'playing' || view.status === 'buffering';
  const canPlay = !watching && view.status === 'ready' && streamUrlOf(channel, mode) !== null;
  // Issue 18: the player opens above the channels; the student chose from a card further down, so it is
  // brought to the top of the screen, its Play control with it (and focus, for a screen reader).
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only another channel chosen brings the player up again
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [channel._id]);
  return (
    <section className="live-player" aria-labelledby="live-player-title">
      <h2 id="live-player-title" ref={heading} tabIndex={-1}>
        {channel.title[lang]}
      </h2>
      <div
        className={
          mode === 'audio' ? 'live-player__screen live-player__screen--audio' : 'live-player__screen'
        }
      >
        {/* A live stream has no captions of its own; the channel's programme is described above. */}
        {/* biome-ignore lint/a11y/useMediaCaption: live streams carry no caption track */}
        <video
          ref={video}
          className="live-player__video"
          playsInline
          controls={watching}
          aria-label={t('liveTv.playerLabel', { name: channel.name })}
        />
        {mode === 'audio' && watching ? (
          <p className="live-player__audio-note">{t('liveTv.audioOnlyNote')}</p>
        ) : null}
        {canPlay ? (
          // On the picture, where a student looks for it: never below the fold under an empty black box.
          <div className="live-player__start">
            <button type="button" className="btn live-player__play" onClick={onPlay}>
              {t('liveTv.play')}
            </button>
          </div>
        ) : null}
      </div>
      <p className="live-player__data">
        {perHour === null
          ? t('liveTv.dataUnknown')
          : t('liveTv.dataPerHour', { size: formatBytes(perHour, i18n.language) })}
      </p>
      <p className="live-player__status" role="status">
        {view.status === 'starting' ? t('liveTv.starting') : null}
        {view.status === 'buffering' ? t('liveTv.buffering') : null}
        {view.status === 'playing' ? <span className="badge badge--danger">{t('liveTv.live')}</span> : null}
      </p>
      {view.status === 'failed' ? (
        <ErrorState
          message={t(`liveTv.errors.${view.failure}`)}
          retryLabel={t('common.retry')}
          onRetry={onRetry}
        />
      ) : null}
      <fieldset className="live-player__modes" disabled={!hasAudio}>
        <legend>{t('liveTv.modeLegend')}</legend>
        <label>
          <input type="radio" name="mode" checked={mode === 'video'} onChange={() => onMode('video')} />
          {t('liveTv.modeVideo')}
        </label>
        <label>
          <input type="radio" name="mode" checked={mode === 'audio'} onChange={() => onMode('audio')} />
          {t('liveTv.modeAudio')}
        </label>
      </fieldset>
      {watching ? (
        <div className="content-card__actions">
          <button type="button" className="btn btn--secondary" onClick={onStop}>
            {t('liveTv.stop')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
