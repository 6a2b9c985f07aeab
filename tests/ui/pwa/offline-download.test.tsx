import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OfflineDownload } from '../../../src/app/OfflineDownload';
import CacheManager from '../../../src/screens/CacheManager';
import type { Video } from '../../../src/services/api/types';
import { createOfflineVideoStore } from '../../../src/services/offline/video-downloads';
import { createFakeCacheStorage } from './fake-cache-storage';
import { renderWithPwa } from './render-pwa';

const BASE = 'https://study.example/';
const bytes = new Uint8Array(3_400_000);

function store(connection?: { saveData?: boolean; type?: string }) {
  const { storage } = createFakeCacheStorage();
  const persist = vi.fn(async () => true);
  const offline = createOfflineVideoStore({
    cacheStorage: storage,
    baseUrl: BASE,
    connection: () => connection,
    storageManager: {
      persisted: async () => false,
      persist,
      estimate: async () => ({ usage: 3_500_000, quota: 1_000_000_000 }),
    },
    fetch: (async (_url: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'HEAD'
        ? new Response(null, { headers: { 'content-length': String(bytes.length) } })
        : new Response(bytes, {
            headers: { 'content-type': 'video/mp4', 'content-length': String(bytes.length) },
          })) as typeof fetch,
  });
  return { offline, persist };
}

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
  streamUrl: `${BASE}media/videos/${id}.mp4?exp=1&sig=abc`,
});

describe('download for offline', () => {
  it('shows the size first, then downloads, then says it is available offline', async () => {
    const { offline, persist } = store();
    renderWithPwa(<OfflineDownload video={paidVideo()} />, { offlineVideos: offline });
    await userEvent.click(await screen.findByRole('button', { name: 'Download for offline' }));
    expect(
      await screen.findByText('This video is 3.4 MB. Download it to watch without the internet?'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Available offline (3.4 MB)')).toBeInTheDocument();
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await offline.list()).toHaveLength(1);
  });

  it('warns on mobile data before spending it', async () => {
    const { offline } = store({ type: 'cellular' });
    renderWithPwa(<OfflineDownload video={paidVideo()} />, { offlineVideos: offline });
    await userEvent.click(await screen.findByRole('button', { name: 'Download for offline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'this download will use 3.4 MB of your data plan',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Download for offline' })).toBeInTheDocument();
    expect(await offline.list()).toEqual([]);
  });

  it('offers nothing for a locked video', () => {
    const { offline } = store();
    const { container } = renderWithPwa(
      <OfflineDownload video={{ ...paidVideo(), streamUrl: undefined, locked: true } as Video} />,
      {
        offlineVideos: offline,
      },
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('cache manager', () => {
  it('lists downloads with their sizes and the storage estimate; deletes one, then all', async () => {
    const { offline } = store();
    for (const [id, title] of [
      ['v1', 'Linear equations'],
      ['v2', 'Quadratics'],
      ['v3', 'Vectors'],
    ] as const) {
      const video = paidVideo(id, title);
      await offline.download({ ...video, streamUrl: video.streamUrl as string });
    }
    renderWithPwa(<CacheManager />, { offlineVideos: offline });
    expect(await screen.findByText('3 videos downloaded, 10.2 MB')).toBeInTheDocument();
    expect(screen.getByText('3.5 MB used of 1.0 GB the browser allows')).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Quadratics' }));
    expect(await screen.findByText('2 videos downloaded, 6.8 MB')).toBeInTheDocument();
    expect((await offline.list()).map((v) => v.title).sort()).toEqual(['Linear equations', 'Vectors']);
    await userEvent.click(screen.getByRole('button', { name: 'Delete all downloads' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete all downloads' }),
    );
    expect(await screen.findByText('No downloaded videos')).toBeInTheDocument();
    expect(await offline.list()).toEqual([]);
  });
});
