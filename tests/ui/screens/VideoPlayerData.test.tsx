import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Video } from '../../../contract/videos';
import type { NetworkHints } from '../../../machines/videoQuality';
import type { AppApi } from '../../../src/app/create-app-actors';
import { PlaybackPositionsContext } from '../../../src/app/playback-positions-context';
import { createVideoPreferencesStore, VideoEnvironmentContext } from '../../../src/app/video-environment';
import VideoPlayerScreen from '../../../src/screens/VideoPlayer';
import type { NetworkHintsSource } from '../../../src/services/network-hints';
import { positionKey } from '../../../src/services/playback-positions';
import { createVideoPreferencesStorage } from '../../../src/services/video-preferences';
import { renderWithApp } from '../helpers/render-app';
import { LOGGED_IN, MATHS, memoryPositions, NEXT_VIDEO, VIDEO } from './video-fixtures';

// Issue 11 on the player screen: what the chosen rendition costs before the first play, the quality choice
// (Auto following the connection and the Data saver setting), a switch that keeps the position, captions in
// en and fr remembered, titles in the student's language, and the resume position from the account.

const signed = (file: string) => `http://localhost/media/videos/${file}?exp=1&sig=a`;
const DATA_VIDEO: Video = {
  ...VIDEO,
  titles: { en: 'Vectors: an introduction', fr: 'Les vecteurs : une introduction' },
  streamUrl: signed('vectors-saver.mp4'),
  renditions: [
    {
      quality: 'saver',
      width: 426,
      height: 240,
      bitrate: 150_000,
      sizeBytes: 240_000,
      durationSeconds: 600,
      url: signed('vectors-saver.mp4'),
    },
    {
      quality: '360p',
      width: 640,
      height: 360,
      bitrate: 400_000,
      sizeBytes: 1_200_000,
      durationSeconds: 600,
      url: signed('vectors-360p.mp4'),
    },
    {
      quality: '480p',
      width: 854,
      height: 480,
      bitrate: 700_000,
      sizeBytes: 2_400_000,
      durationSeconds: 600,
      url: signed('vectors-480p.mp4'),
    },
  ],
  captions: [
    { lang: 'en', url: signed('vectors-en.vtt') },
    { lang: 'fr', url: signed('vectors-fr.vtt') },
  ],
};

const UNKNOWN: NetworkHints = { online: true, saveData: false, type: null, effectiveType: null };
const CELLULAR: NetworkHints = { online: true, saveData: false, type: 'cellular', effectiveType: '4g' };

function fakeNetwork(initial: NetworkHints) {
  const listeners = new Set<(hints: NetworkHints) => void>();
  const network: NetworkHintsSource = {
    read: () => initial,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    network,
    change: (hints: NetworkHints) =>
      act(() => {
        for (const listener of listeners) listener(hints);
      }),
  };
}

function api(overrides: Partial<AppApi> = {}): Partial<AppApi> {
  return {
    playVideo: vi.fn(async () => ({
      success: true as const,
      video: DATA_VIDEO,
      price: MATHS.price,
      expired: false,
      expiresAt: '2099-09-01T00:00:00.000Z',
    })),
    fetchVideos: vi.fn(async () => [DATA_VIDEO, NEXT_VIDEO]),
    fetchSubjects: vi.fn(async () => [MATHS]),
    upNextVideos: vi.fn(async () => [NEXT_VIDEO]),
    viewVideo: vi.fn(async () => ({ success: true as const, likes: 4, dislikes: 1, views: 11 })),
    getVideoPosition: vi.fn(async () => ({ success: true as const, position: null, updatedAt: null })),
    saveVideoPosition: vi.fn(async (payload) => ({
      success: true as const,
      position: payload.position,
      updatedAt: payload.updatedAt,
    })),
    ...overrides,
  };
}

function renderPlayer(
  calls: Partial<AppApi>,
  options: {
    hints?: NetworkHints;
    lang?: 'en' | 'fr';
    device?: Record<string, string>;
    stored?: Record<string, unknown>;
  } = {},
) {
  const { positions, entries } = memoryPositions(options.stored);
  const { network, change } = fakeNetwork(options.hints ?? UNKNOWN);
  const preferences = createVideoPreferencesStore(createVideoPreferencesStorage(window.localStorage));
  const view = renderWithApp(
    <VideoEnvironmentContext.Provider value={{ preferences, network }}>
      <PlaybackPositionsContext.Provider value={positions}>
        <VideoPlayerScreen params={{}} titleKey="video-player" />
      </PlaybackPositionsContext.Provider>
    </VideoEnvironmentContext.Provider>,
    {
      api: calls,
      path: '/video-player?videoId=v1',
      storage: {
        ...LOGGED_IN,
        ...(options.device ?? {}),
        ...(options.lang ? { language: options.lang } : {}),
      },
      ...(options.lang ? { lang: options.lang } : {}),
    },
  );
  return { ...view, entries, change };
}

const qualityGroup = () => screen.getByRole('group', { name: 'Quality' });
const videoElement = () => screen.getByLabelText(`Video: ${DATA_VIDEO.title}`) as HTMLVideoElement;

describe('VideoPlayer: data cost and quality', () => {
  it('shows the size and FCFA cost of the chosen rendition before the first play, and loads nothing before', async () => {
    const { container } = renderPlayer(api());
    const play = await screen.findByRole('button', { name: 'Play' });
    expect(container.querySelector('video')).toBeNull();
    const cost = screen.getByText('360p: 1.2 MB, about 2 FCFA of data');
    expect(play).toHaveAttribute('aria-describedby', cost.id);
    expect(within(qualityGroup()).getByRole('button', { name: 'Auto (360p)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(qualityGroup()).getByRole('button', { name: 'Data saver' }));
    expect(screen.getByText('Data saver: 240 kB, about 1 FCFA of data')).toBeInTheDocument();
    await userEvent.click(play);
    expect(videoElement()).toHaveAttribute('src', signed('vectors-saver.mp4'));
  });

  it('says it in French, in Mo and FCFA', async () => {
    renderPlayer(api(), { lang: 'fr' });
    await screen.findByRole('button', { name: 'Lire' });
    expect(screen.getByText('360p : 1,2 Mo, environ 2 FCFA de données')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Les vecteurs : une introduction' }),
    ).toBeInTheDocument();
  });

  it('Auto follows the connection: data saver on mobile data, and when it changes', async () => {
    const { change } = renderPlayer(api(), { hints: CELLULAR });
    await screen.findByRole('button', { name: 'Play' });
    expect(within(qualityGroup()).getByRole('button', { name: 'Auto (Data saver)' })).toBeInTheDocument();
    change({ online: true, saveData: false, type: 'wifi', effectiveType: '4g' });
    expect(await within(qualityGroup()).findByRole('button', { name: 'Auto (480p)' })).toBeInTheDocument();
    expect(screen.getByText('480p: 2.4 MB, about 3 FCFA of data')).toBeInTheDocument();
  });

  it("keeps the student's Data saver setting: Auto then plays the smallest rendition, on every lesson", async () => {
    const first = renderPlayer(api());
    await screen.findByRole('button', { name: 'Play' });
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Data saver: Auto always plays the smallest video' }),
    );
    expect(within(qualityGroup()).getByRole('button', { name: 'Auto (Data saver)' })).toBeInTheDocument();
    const stored = window.localStorage.getItem('video_preferences');
    expect(JSON.parse(stored ?? '{}')).toEqual({
      v: 1,
      data: { dataSaver: true, wifiOnly: false, captions: 'off' },
    });
    first.unmount();
    renderPlayer(api(), { device: { video_preferences: stored ?? '' } });
    await screen.findByRole('button', { name: 'Play' });
    expect(
      screen.getByRole('checkbox', { name: 'Data saver: Auto always plays the smallest video' }),
    ).toBeChecked();
    expect(within(qualityGroup()).getByRole('button', { name: 'Auto (Data saver)' })).toBeInTheDocument();
  });

  it('switching rendition while playing keeps the position', async () => {
    renderPlayer(api());
    await userEvent.click(await screen.findByRole('button', { name: 'Play' }));
    const first = videoElement();
    Object.defineProperty(first, 'duration', { configurable: true, value: 600 });
    fireEvent.loadedMetadata(first);
    fireEvent.play(first);
    first.currentTime = 130;
    fireEvent.timeUpdate(first);
    await userEvent.click(within(qualityGroup()).getByRole('button', { name: '480p' }));
    await waitFor(() => expect(videoElement()).toHaveAttribute('src', signed('vectors-480p.mp4')));
    const second = videoElement();
    expect(second).not.toBe(first);
    Object.defineProperty(second, 'duration', { configurable: true, value: 600 });
    fireEvent.loadedMetadata(second);
    expect(second.currentTime).toBe(130);
  });
});

describe('VideoPlayer: captions', () => {
  it('offers captions in English and French, and remembers the choice', async () => {
    renderPlayer(api());
    await userEvent.click(await screen.findByRole('button', { name: 'Play' }));
    // Below the picture: drawn once the first frame shows, Play having been pressed at once (issue 19).
    fireEvent.playing(videoElement());
    const group = await screen.findByRole('group', { name: 'Captions' });
    expect(within(group).getByRole('button', { name: 'Off' })).toHaveAttribute('aria-pressed', 'true');
    const tracks = [...videoElement().querySelectorAll('track')];
    expect(
      tracks.map((track) => [
        track.getAttribute('srclang'),
        track.getAttribute('src'),
        track.getAttribute('label'),
      ]),
    ).toEqual([
      ['en', signed('vectors-en.vtt'), 'English'],
      ['fr', signed('vectors-fr.vtt'), 'French'],
    ]);
    await userEvent.click(within(group).getByRole('button', { name: 'French' }));
    expect(within(group).getByRole('button', { name: 'French' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(window.localStorage.getItem('video_preferences') ?? '{}').data.captions).toBe('fr');
  });
});

describe('VideoPlayer: resume position on the account', () => {
  it('resumes from the account when it is newer than the device, and saves there on pause', async () => {
    const calls = api({
      getVideoPosition: vi.fn(async () => ({
        success: true as const,
        position: 200,
        updatedAt: '2030-01-01T00:00:00.000Z',
      })),
    });
    const { entries } = renderPlayer(calls, {
      stored: { [positionKey('v1')]: { v: 1, seconds: 42, savedAt: 1 } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Play' }));
    const video = videoElement();
    Object.defineProperty(video, 'duration', { configurable: true, value: 600 });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(200);
    fireEvent.play(video);
    video.currentTime = 260;
    fireEvent.timeUpdate(video);
    fireEvent.pause(video);
    await waitFor(() =>
      expect(calls.saveVideoPosition).toHaveBeenCalledWith(
        expect.objectContaining({ videoId: 'v1', position: 260 }),
      ),
    );
    expect(entries.get(positionKey('v1'))).toMatchObject({ seconds: 260 });
  });

  it('resumes from the device, and sends it up, when the device is newer or the account cannot be reached', async () => {
    const calls = api({
      getVideoPosition: vi.fn(async () => ({
        success: true as const,
        position: 10,
        updatedAt: '2001-01-01T00:00:00.000Z',
      })),
    });
    renderPlayer(calls, {
      stored: { [positionKey('v1')]: { v: 1, seconds: 42, savedAt: Date.parse('2020-01-01') } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Play' }));
    const video = videoElement();
    Object.defineProperty(video, 'duration', { configurable: true, value: 600 });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(42);
    expect(calls.saveVideoPosition).toHaveBeenCalledWith({
      videoId: 'v1',
      position: 42,
      updatedAt: '2020-01-01T00:00:00.000Z',
    });
  });
});
