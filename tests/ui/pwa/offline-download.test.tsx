import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Video } from '../../../contract/videos';
import type { NetworkHints } from '../../../machines/videoQuality';
import { OfflineDownload } from '../../../src/app/OfflineDownload';
import { createVideoPreferencesStore, VideoEnvironmentContext } from '../../../src/app/video-environment';
import CacheManager from '../../../src/screens/CacheManager';
import type { NetworkHintsSource } from '../../../src/services/network-hints';
import { createOfflineVideoStore } from '../../../src/services/offline/video-downloads';
import { createVideoPreferencesStorage } from '../../../src/services/video-preferences';
import { createFakeCacheStorage } from './fake-cache-storage';
import { renderWithPwa } from './render-pwa';

const BASE = 'https://study.example/';
const SAVER = 340_000;
const P360 = 1_700_000;
const P480 = 3_400_000;
const sizeOf = (url: string) => (url.includes('-480p') ? P480 : url.includes('-360p') ? P360 : SAVER);

function store() {
  const { storage } = createFakeCacheStorage();
  const persist = vi.fn(async () => true);
  const offline = createOfflineVideoStore({
    cacheStorage: storage,
    baseUrl: BASE,
    storageManager: {
      persisted: async () => false,
      persist,
      estimate: async () => ({ usage: 3_500_000, quota: 1_000_000_000 }),
    },
    fetch: (async (url: RequestInfo | URL) =>
      String(url).includes('.vtt')
        ? new Response('WEBVTT\n', { headers: { 'content-type': 'text/vtt' } })
        : new Response(new Uint8Array(sizeOf(String(url))), {
            headers: { 'content-type': 'video/mp4', 'content-length': String(sizeOf(String(url))) },
          })) as typeof fetch,
  });
  return { offline, persist };
}

const signed = (file: string) => `${BASE}media/videos/${file}?exp=1&sig=abc`;
const paidVideo = (id = 'v1', title = 'Linear equations'): Video => ({
  _id: id,
  title,
  subjectId: 'math',
  subjectTitle: 'Mathematics',
  section: 'anglophone',
  subsection: 'Algebra',
  level: 'Form 5',
  description: '',
  thumbnailUrl: '',
  durationSeconds: 60,
  views: 0,
  likes: 0,
  dislikes: 0,
  comments: [],
  locked: false,
  streamUrl: signed(`${id}-saver.mp4`),
  renditions: [
    {
      quality: 'saver',
      width: 426,
      height: 240,
      bitrate: 150_000,
      sizeBytes: SAVER,
      durationSeconds: 60,
      url: signed(`${id}-saver.mp4`),
    },
    {
      quality: '360p',
      width: 640,
      height: 360,
      bitrate: 300_000,
      sizeBytes: P360,
      durationSeconds: 60,
      url: signed(`${id}-360p.mp4`),
    },
    {
      quality: '480p',
      width: 854,
      height: 480,
      bitrate: 600_000,
      sizeBytes: P480,
      durationSeconds: 60,
      url: signed(`${id}-480p.mp4`),
    },
  ],
  captions: [{ lang: 'fr', url: signed(`${id}-fr.vtt`) }],
});

/** Sizes and prices keep their units with no-break spaces; an accessible name is compared without them. */
const named = (text: string) => (name: string) => name.replace(/\s+/g, ' ') === text;

const UNKNOWN: NetworkHints = { online: true, saveData: false, type: null, effectiveType: null };
const CELLULAR: NetworkHints = { online: true, saveData: false, type: 'cellular', effectiveType: '4g' };
const WIFI: NetworkHints = { online: true, saveData: false, type: 'wifi', effectiveType: '4g' };

function environment(hints: NetworkHints) {
  const listeners = new Set<(next: NetworkHints) => void>();
  const network: NetworkHintsSource = {
    read: () => hints,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const wrap = (ui: ReactNode) => (
    <VideoEnvironmentContext.Provider
      value={{
        network,
        preferences: createVideoPreferencesStore(createVideoPreferencesStorage(window.localStorage)),
      }}
    >
      {ui}
    </VideoEnvironmentContext.Provider>
  );
  return {
    wrap,
    change: (next: NetworkHints) =>
      act(() => {
        for (const listener of listeners) listener(next);
      }),
  };
}

describe('download for offline', () => {
  it('asks for the rendition, Data saver first, with each size and cost, then stores the one chosen', async () => {
    const { offline, persist } = store();
    const { wrap } = environment(UNKNOWN);
    renderWithPwa(wrap(<OfflineDownload video={paidVideo()} pricePerGb={1_000} />), {
      offlineVideos: offline,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download for offline' }));
    const saver = screen.getByRole('radio', { name: named('Data saver: 340 kB, about 1 FCFA') });
    expect(saver).toBeChecked();
    expect(screen.getByRole('radio', { name: named('360p: 1.7 MB, about 2 FCFA') })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: named('480p: 3.4 MB, about 4 FCFA') })).not.toBeChecked();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: named('360p: 1.7 MB, about 2 FCFA') }));
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Available offline: 360p, 1.7 MB')).toBeInTheDocument();
    expect(persist).toHaveBeenCalledTimes(1);
    expect((await offline.list()).map((v) => [v.quality, v.sizeBytes])).toEqual([['360p', P360]]);
  });

  it('warns on mobile data before spending it; cancel downloads nothing', async () => {
    const { offline } = store();
    const { wrap } = environment(CELLULAR);
    renderWithPwa(wrap(<OfflineDownload video={paidVideo()} pricePerGb={1_000} />), {
      offlineVideos: offline,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download for offline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You seem to be on mobile data');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Download for offline' })).toBeInTheDocument();
    expect(await offline.list()).toEqual([]);
  });

  it('with "Wi-Fi only", waits on mobile data and downloads once on Wi-Fi; the setting is kept', async () => {
    const { offline } = store();
    const { wrap, change } = environment(CELLULAR);
    renderWithPwa(wrap(<OfflineDownload video={paidVideo()} pricePerGb={1_000} />), {
      offlineVideos: offline,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download for offline' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Download on Wi-Fi only' }));
    expect(JSON.parse(window.localStorage.getItem('video_preferences') ?? '{}').data.wifiOnly).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Waiting for Wi-Fi to download Data saver (340 kB).')).toBeInTheDocument();
    expect(await offline.list()).toEqual([]);
    change(WIFI);
    expect(await screen.findByText('Available offline: Data saver, 340 kB')).toBeInTheDocument();
  });

  it('offers nothing for a locked video', () => {
    const { offline } = store();
    const { renditions, ...video } = paidVideo();
    const locked = {
      ...video,
      streamUrl: undefined,
      locked: true,
      renditions: renditions?.map(({ url: _url, ...r }) => r),
    };
    const { container } = renderWithPwa(<OfflineDownload video={locked as Video} pricePerGb={1_000} />, {
      offlineVideos: offline,
    });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('cache manager', () => {
  it('lists downloads with their rendition and size, and the storage estimate; deletes one, then all', async () => {
    const { offline } = store();
    for (const [id, title, quality] of [
      ['v1', 'Linear equations', 'saver'],
      ['v2', 'Quadratics', '480p'],
      ['v3', 'Vectors', '360p'],
    ] as const) {
      const video = paidVideo(id, title);
      await offline.download(
        {
          ...video,
          renditions: (video.renditions ?? []).map((r) => ({
            quality: r.quality,
            sizeBytes: r.sizeBytes,
            url: r.url ?? '',
          })),
          captions: [],
        },
        quality,
      );
    }
    renderWithPwa(<CacheManager />, { offlineVideos: offline });
    expect(await screen.findByText('3 videos downloaded, 5.4 MB')).toBeInTheDocument();
    expect(screen.getByText('3.5 MB used of 1.0 GB the browser allows')).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const quadratics = within(list).getByText('Quadratics').closest('li') as HTMLElement;
    expect(quadratics).toHaveTextContent('Mathematics · 480p · 3.4 MB');
    const linear = within(list).getByText('Linear equations').closest('li') as HTMLElement;
    expect(linear).toHaveTextContent('Mathematics · Data saver · 340 kB');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Quadratics' }));
    expect(await screen.findByText('2 videos downloaded, 2.0 MB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete all downloads' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete all downloads' }),
    );
    expect(await screen.findByText('No downloaded videos')).toBeInTheDocument();
    expect(await offline.list()).toEqual([]);
  });
});
