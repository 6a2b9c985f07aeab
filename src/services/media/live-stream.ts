// Live TV playback: the browser's own HLS where it has it (Safari, iOS, recent Chrome on Android), else
// hls.js over Media Source Extensions, fetched as a lazy chunk the first time a channel plays.

export type LiveStreamReport =
  | { type: 'media.playing' }
  | { type: 'media.waiting' }
  | { type: 'media.failed'; reason: 'network' | 'unsupported' | 'media' };

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export function hasNativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_TYPE) !== '';
}

/** Plays `url` in `video` and reports what happens; the returned function stops it and its downloads. */
export function playLiveStream(
  video: HTMLVideoElement,
  url: string,
  report: (event: LiveStreamReport) => void,
): () => void {
  let stopped = false;
  let stopHls: (() => void) | null = null;
  const onPlaying = () => report({ type: 'media.playing' });
  const onWaiting = () => report({ type: 'media.waiting' });
  const onError = () => report({ type: 'media.failed', reason: 'media' });
  video.addEventListener('playing', onPlaying);
  video.addEventListener('waiting', onWaiting);

  const play = () => {
    // The student pressed Play; a refusal (a browser's autoplay rule) shows as the start timeout.
    void video.play().catch(() => undefined);
  };

  if (hasNativeHls(video)) {
    video.addEventListener('error', onError);
    video.src = url;
    play();
  } else {
    void import('hls.js').then(
      ({ default: Hls }) => {
        if (stopped) return;
        if (!Hls.isSupported()) {
          report({ type: 'media.failed', reason: 'unsupported' });
          return;
        }
        // No worker: the server's Content-Security-Policy allows same-origin scripts only, not blob: workers.
        const hls = new Hls({ enableWorker: false, liveSyncDurationCount: 3, manifestLoadingMaxRetry: 2 });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          report({
            type: 'media.failed',
            reason: data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : 'media',
          });
        });
        hls.on(Hls.Events.MANIFEST_PARSED, play);
        hls.loadSource(url);
        hls.attachMedia(video);
        stopHls = () => hls.destroy();
      },
      // The chunk itself could not be fetched: the network is gone.
      () => {
        if (!stopped) report({ type: 'media.failed', reason: 'network' });
      },
    );
  }

  return () => {
    stopped = true;
    video.removeEventListener('playing', onPlaying);
    video.removeEventListener('waiting', onWaiting);
    video.removeEventListener('error', onError);
    stopHls?.();
    video.pause();
    video.removeAttribute('src');
    video.load();
  };
}
