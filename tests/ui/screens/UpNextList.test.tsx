import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PlaybackPositionsContext } from '../../../src/app/playback-positions-context';
import { ApiError } from '../../../src/rules/api-errors';
import UpNextListScreen from '../../../src/screens/UpNextList';
import { videoIdFromQueries } from '../../../src/screens/UpNextList/player-path';
import { LAST_PLAYED_KEY } from '../../../src/services/playback-positions';
import { renderWithApp } from '../helpers/render-app';
import { memoryPositions, NEXT_VIDEO } from './video-fixtures';

function renderUpNext(
  path: string,
  upNextVideos: (payload: { videoId: string }) => Promise<unknown>,
  stored = {},
) {
  const { positions } = memoryPositions(stored);
  return renderWithApp(
    <PlaybackPositionsContext.Provider value={positions}>
      <UpNextListScreen params={{}} titleKey="upnextlist" />
    </PlaybackPositionsContext.Provider>,
    { path, api: { upNextVideos: vi.fn(upNextVideos) as never } },
  );
}

describe('UpNextList screen', () => {
  it('lists what follows the video named in the query, with thumbnails and links to the player', async () => {
    const upNext = vi.fn(async () => [
      NEXT_VIDEO,
      { ...NEXT_VIDEO, _id: 'v3', title: 'Scalar product', locked: true },
    ]);
    renderUpNext('/upnextlist?videoId=v1', upNext);
    expect(screen.getByRole('heading', { level: 1, name: 'Up next' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Adding vectors/ });
    expect(link).toHaveAttribute('href', '/video-player?videoId=v2');
    expect(link.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('link', { name: /Scalar product.*Locked/ })).toBeInTheDocument();
    expect(screen.getAllByText('7:00')).toHaveLength(2);
    expect(upNext).toHaveBeenCalledWith({ videoId: 'v1' });
  });

  it('falls back to the last video played', async () => {
    const upNext = vi.fn(async () => [NEXT_VIDEO]);
    renderUpNext('/upnextlist', upNext, { [LAST_PLAYED_KEY]: 'v7' });
    await screen.findByRole('link', { name: /Adding vectors/ });
    expect(upNext).toHaveBeenCalledWith({ videoId: 'v7' });
  });

  it('says what to do when nothing was played yet', async () => {
    const upNext = vi.fn(async () => []);
    renderUpNext('/upnextlist', upNext);
    expect(await screen.findByRole('heading', { name: 'Nothing played yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my subjects' })).toHaveAttribute(
      'href',
      '/study-sections',
    );
    expect(upNext).not.toHaveBeenCalled();
  });

  it('says the subject is finished when nothing follows', async () => {
    renderUpNext('/upnextlist?videoId=v9', async () => []);
    expect(
      await screen.findByRole('heading', { name: 'You reached the last video of this subject' }),
    ).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    const upNext = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 404, key: 'errors.videoNotFound' }))
      .mockResolvedValue([NEXT_VIDEO]);
    renderUpNext('/upnextlist?videoId=v1', upNext);
    expect(await screen.findByRole('alert')).toHaveTextContent('Content not found.');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('link', { name: /Adding vectors/ })).toBeInTheDocument();
  });
});

describe('videoIdFromQueries', () => {
  it('reads the video id from the hash query first, then from the real query', () => {
    expect(videoIdFromQueries('#/video-player?videoId=b', 'videoId=a')).toBe('b');
    expect(videoIdFromQueries('#/video-player', 'videoId=a')).toBe('a');
    expect(videoIdFromQueries('#/video-player?videoId=ang%2Dv01', '')).toBe('ang-v01');
    expect(videoIdFromQueries('#/video-player?other=1', '')).toBe('');
  });
});
