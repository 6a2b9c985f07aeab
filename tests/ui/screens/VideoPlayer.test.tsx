import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Video, VideoPlayAnswer } from '../../../contract/videos';
import type { AppApi } from '../../../src/app/create-app-actors';
import { EARLY_LESSON_KEY } from '../../../src/app/early-lesson';
import { PlaybackPositionsContext } from '../../../src/app/playback-positions-context';
import { holdIdleWorkForPlayer, releaseIdleWork } from '../../../src/app/player-idle-hold';
import { ApiError } from '../../../src/rules/api-errors';
import { formatFcfa } from '../../../src/rules/money';
import VideoPlayerScreen from '../../../src/screens/VideoPlayer';
import { UP_NEXT_WAITS_MS } from '../../../src/screens/VideoPlayer/PlayerScreen';
import { positionKey } from '../../../src/services/playback-positions';
import { isAppStableHeld } from '../../../src/services/pwa/app-stable';
import { renderWithApp } from '../helpers/render-app';
import {
  COMMENT,
  deferred,
  FRESH_STREAM_URL,
  LOCKED_VIDEO,
  LOGGED_IN,
  MATHS,
  memoryPositions,
  NEXT_VIDEO,
  STREAM_URL,
  STUDENT,
  VIDEO,
} from './video-fixtures';

type Api = Partial<AppApi>;

/** FCFA amounts use narrow no-break spaces, which the default normalizer would turn into plain ones. */
const exact = (text: string) => text.trim();

/** The player's one answer (GET videos/video/play): the video, its subject's price and the access. */
const playAnswer = (video: Video = VIDEO, expired = false): VideoPlayAnswer => ({
  success: true,
  video,
  price: MATHS.price,
  expired,
  expiresAt: expired ? null : '2099-09-01T00:00:00.000Z',
});

function baseApi(video: Video = VIDEO, expired = false): Api {
  return {
    playVideo: vi.fn(async () => playAnswer(video, expired)),
    // What the player reads when the network gives no answer at all (the service worker's kept lists).
    fetchVideos: vi.fn(async () => [video, NEXT_VIDEO]),
    fetchSubjects: vi.fn(async () => [MATHS]),
    upNextVideos: vi.fn(async () => [NEXT_VIDEO]),
    viewVideo: vi.fn(async () => ({
      success: true as const,
      likes: video.likes,
      dislikes: video.dislikes,
      views: 11,
    })),
  };
}

function renderPlayer(
  api: Api,
  options: {
    path?: string;
    stored?: Record<string, unknown>;
    lang?: 'en' | 'fr';
    /** Local storage to start from, instead of the logged-in student without subjects. */
    device?: Record<string, string>;
  } = {},
) {
  const { positions, entries } = memoryPositions(options.stored);
  const view = renderWithApp(
    <PlaybackPositionsContext.Provider value={positions}>
      <VideoPlayerScreen params={{}} titleKey="video-player" />
    </PlaybackPositionsContext.Provider>,
    {
      api,
      path: options.path ?? '/video-player?videoId=v1',
      // The language machine loads the stored language (en when none), so French is stored, as the app does.
      storage: { ...(options.device ?? LOGGED_IN), ...(options.lang ? { language: options.lang } : {}) },
      ...(options.lang ? { lang: options.lang } : {}),
    },
  );
  return { ...view, entries };
}

/** The student presses Play (the cost was on screen until then); only then does the video get its source. */
async function findVideo(): Promise<HTMLVideoElement> {
  const play = await screen.findByRole('button', { name: 'Play' });
  fireEvent.click(play);
  return (await screen.findByLabelText(`Video: ${VIDEO.title}`)) as HTMLVideoElement;
}

function metadataLoaded(video: HTMLVideoElement, duration = 600) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  fireEvent.loadedMetadata(video);
}

/** Holds the page's frames until `paint()` runs them: what a screen draws after its first paint waits. */
function holdFrames() {
  const held: FrameRequestCallback[] = [];
  const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    held.push(callback);
    return held.length;
  });
  return {
    paint: () =>
      act(() => {
        for (const callback of held.splice(0)) callback(performance.now());
      }),
    restore: () => frame.mockRestore(),
  };
}

/**
 * Play pressed and the first frame shown: what is below the picture (reactions, speed, comments) is drawn
 * then when Play was pressed at once (issue 19).
 */
async function findPlayingVideo(): Promise<HTMLVideoElement> {
  const video = await findVideo();
  metadataLoaded(video);
  fireEvent.playing(video);
  return video;
}

describe('VideoPlayer screen', () => {
  // Issue 19: the access answer and the signed URL come with the first request, not after it.
  it('asks for the video and its access in one request before the video is given its stream', async () => {
    const answer = deferred<VideoPlayAnswer>();
    const api = {
      ...baseApi(),
      playVideo: vi.fn(() => answer.promise),
      checkSubjectExpiration: vi.fn(),
      filteredVideos: vi.fn(),
    };
    const { container } = renderPlayer(api);
    await waitFor(() => expect(api.playVideo).toHaveBeenCalledWith('v1'));
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getAllByText('Loading the video…').length).toBeGreaterThan(0);
    answer.resolve(playAnswer());
    const video = await findVideo();
    expect(video).toHaveAttribute('src', STREAM_URL);
    expect(api.playVideo).toHaveBeenCalledTimes(1);
    for (const other of [
      api.checkSubjectExpiration,
      api.fetchVideos,
      api.fetchSubjects,
      api.filteredVideos,
    ]) {
      expect(other).not.toHaveBeenCalled();
    }
  });

  // Issue 19: the position, the comments and the up-next list are not on the first frame's path.
  it('plays without waiting for the stored position, and asks for up next only once the first frame shows', async () => {
    const api = {
      ...baseApi(),
      // The account's position never answers (a slow link): the Play button and the stream must not care.
      getVideoPosition: vi.fn(() => new Promise<never>(() => undefined)),
    };
    renderPlayer(api);
    const video = await findVideo();
    expect(video).toHaveAttribute('src', STREAM_URL);
    expect(api.getVideoPosition).toHaveBeenCalledWith('v1');
    // The up-next list (its call, its thumbnails) is not even there to ask before the first frame.
    expect(screen.queryByRole('region', { name: 'Up next' })).toBeNull();
    metadataLoaded(video);
    fireEvent.play(video);
    expect(screen.queryByRole('region', { name: 'Up next' })).toBeNull();
    expect(api.upNextVideos).not.toHaveBeenCalled();
    // Nor the comments, Play having been pressed at once.
    expect(screen.queryByText(COMMENT.text)).toBeNull();
    fireEvent.playing(video);
    await waitFor(() => expect(api.upNextVideos).toHaveBeenCalledWith({ videoId: 'v1' }));
    expect(await screen.findByText(COMMENT.text)).toBeInTheDocument();
  });

  // Issue 19: what is below the picture (reactions, speed, comments) is drawn after the screen's first paint.
  it('draws Play and the cost first, and the reactions, speed and comments after that paint', async () => {
    const frames = holdFrames();
    try {
      renderPlayer(baseApi());
      await screen.findByRole('button', { name: 'Play' });
      expect(screen.getByRole('heading', { level: 1, name: VIDEO.title })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Quality' })).toBeInTheDocument();
      expect(screen.queryByText(COMMENT.text)).toBeNull();
      expect(screen.queryByRole('group', { name: 'Playback speed' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Like 4' })).toBeNull();
      frames.paint();
      expect(await screen.findByText(COMMENT.text)).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Playback speed' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Like 4' })).toBeInTheDocument();
    } finally {
      frames.restore();
    }
  });

  it('keeps them for after the first frame when Play is tapped before that paint: the video starts first', async () => {
    const frames = holdFrames();
    try {
      renderPlayer(baseApi());
      const video = await findVideo();
      frames.paint();
      // A moment for a render that must not come.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText(COMMENT.text)).toBeNull();
      metadataLoaded(video);
      fireEvent.playing(video);
      expect(await screen.findByText(COMMENT.text)).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Playback speed' })).toBeInTheDocument();
    } finally {
      frames.restore();
    }
  });

  // Issue 19: opened on a lesson, the app's idle-time work (PWA, planner, overlays) waits for its first frame.
  it("holds the app's idle-time work until the first frame, not the tap, then lets it go", async () => {
    holdIdleWorkForPlayer(() => undefined);
    try {
      renderPlayer(baseApi());
      const video = await findVideo();
      metadataLoaded(video);
      fireEvent.play(video);
      expect(isAppStableHeld()).toBe(true);
      fireEvent.playing(video);
      await waitFor(() => expect(isAppStableHeld()).toBe(false));
    } finally {
      releaseIdleWork();
    }
  });

  it("lets the app's idle-time work go when the student leaves the lesson before playing it", async () => {
    holdIdleWorkForPlayer(() => undefined);
    try {
      const { unmount } = renderPlayer(baseApi());
      await findVideo();
      expect(isAppStableHeld()).toBe(true);
      unmount();
      expect(isAppStableHeld()).toBe(false);
    } finally {
      releaseIdleWork();
    }
  });

  it('gives up next anyway to a student who has not pressed Play after UP_NEXT_WAITS_MS, not before', async () => {
    // The clock is the test's, and runs on with real time too: the answers and the test's polling need it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = baseApi();
      renderPlayer(api);
      await screen.findByRole('button', { name: 'Play' });
      // The wait began as Play showed, a moment ago.
      expect(screen.queryByRole('region', { name: 'Up next' })).toBeNull();
      expect(api.upNextVideos).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(UP_NEXT_WAITS_MS));
      // Its code is loaded then (lazily, a moment after).
      expect(await screen.findByRole('region', { name: 'Up next' })).toBeInTheDocument();
      await waitFor(() => expect(api.upNextVideos).toHaveBeenCalledWith({ videoId: 'v1' }));
      // Still nothing downloaded of the lesson itself.
      expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up next at once when there is nothing to play: a locked lesson', async () => {
    const api = baseApi(VIDEO, true);
    renderPlayer(api);
    await screen.findByRole('button', { name: 'Add to cart' });
    expect(await screen.findByRole('region', { name: 'Up next' })).toBeInTheDocument();
    await waitFor(() => expect(api.upNextVideos).toHaveBeenCalledWith({ videoId: 'v1' }));
  });

  it("shows the lesson's own thumbnail at the width the frame draws, one file for the image and the poster", async () => {
    const srcset =
      'http://localhost/media/thumbnails/v1-160w.webp 160w, http://localhost/media/thumbnails/v1-320w.webp 320w';
    const { container } = renderPlayer(baseApi({ ...VIDEO, thumbnailSrcset: srcset }));
    await screen.findByRole('button', { name: 'Play' });
    const poster = container.querySelector('.player__poster');
    expect(poster).toHaveAttribute('src', 'http://localhost/media/thumbnails/v1-320w.webp');
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    expect(await findVideo()).toHaveAttribute('poster', 'http://localhost/media/thumbnails/v1-320w.webp');
  });

  it('plays an unlocked video: plain controls, inline, metadata preload, poster, and its details', async () => {
    renderPlayer(baseApi());
    const video = await findPlayingVideo();
    expect(video).toHaveAttribute('src', STREAM_URL);
    expect(video).toHaveAttribute('poster', VIDEO.thumbnailUrl);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('preload', 'metadata');
    // CORS mode: the worker's kept first bytes and the network's rest may then make one stream (issue 19).
    expect(video).toHaveAttribute('crossorigin', 'anonymous');
    expect(screen.getByRole('heading', { level: 1, name: VIDEO.title })).toBeInTheDocument();
    // Below the picture, a moment after the first paint (issue 19).
    expect(await screen.findByText('10 views')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like 4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dislike 1' })).toBeInTheDocument();
    expect(screen.getByText(COMMENT.text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('shows the price and Add to cart instead of a player for an expired or unpaid subject', async () => {
    const user = userEvent.setup();
    const { container, context } = renderPlayer(baseApi(LOCKED_VIDEO, true));
    const add = await screen.findByRole('button', { name: 'Add to cart' });
    expect(container.querySelector('video')).toBeNull();
    // The price comes with the subject catalogue, its own call.
    expect(await screen.findByText(formatFcfa(MATHS.price, 'en'), { normalizer: exact })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Unlock Mathematics to watch this video' }),
    ).toBeInTheDocument();
    await user.click(add);
    expect(context.cart.getSnapshot().context.items).toEqual([
      { _id: 'maths', subjectTitle: 'Mathematics', pictureurl: MATHS.pictureurl, price: 2_500, amount: 1 },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Mathematics is in your cart.');
    await user.click(screen.getByRole('button', { name: 'Open cart' }));
    expect(context.ui.getState().cartOpen).toBe(true);
  });

  describe("offline, when the player's request gets no answer at all", () => {
    const offlineCheck = () =>
      vi.fn(async () => Promise.reject(new ApiError({ status: 0, key: 'errors.network' })));
    const withAccess = (expiresAt: string) => ({
      ...LOGGED_IN,
      user: JSON.stringify({
        v: 1,
        data: { ...STUDENT, paidSubjects: [{ subjectId: 'maths', subjectTitle: 'Mathematics', expiresAt }] },
      }),
    });

    it('plays a paid subject on the expiry the device last heard from the server', async () => {
      const api = { ...baseApi(), playVideo: offlineCheck() };
      renderPlayer(api, { device: withAccess(new Date(Date.now() + 86_400_000).toISOString()) });
      expect(await findVideo()).toHaveAttribute('src', STREAM_URL);
    });

    it('locks it when that expiry has passed', async () => {
      const api = { ...baseApi(), playVideo: offlineCheck() };
      const { container } = renderPlayer(api, {
        device: withAccess(new Date(Date.now() - 1_000).toISOString()),
      });
      await screen.findByRole('button', { name: 'Add to cart' });
      expect(container.querySelector('video')).toBeNull();
    });
  });

  it('locks a video the answer shows unlocked when the same answer says the access expired', async () => {
    const { container } = renderPlayer(baseApi(VIDEO, true));
    await screen.findByRole('button', { name: 'Add to cart' });
    expect(container.querySelector('video')).toBeNull();
  });

  it('speaks French, with the price in FCFA', async () => {
    renderPlayer(baseApi(LOCKED_VIDEO, true), { lang: 'fr' });
    expect(await screen.findByRole('button', { name: 'Ajouter au panier' })).toBeInTheDocument();
    expect(await screen.findByText(formatFcfa(MATHS.price, 'fr'), { normalizer: exact })).toBeInTheDocument();
  });

  it('toggles like and dislike with the counts the server answers', async () => {
    const user = userEvent.setup();
    const api = {
      ...baseApi(),
      likeVideo: vi.fn(async () => ({ success: true as const, likes: 5, dislikes: 1, views: 10 })),
      dislikeVideo: vi.fn(async () => ({ success: true as const, likes: 4, dislikes: 2, views: 10 })),
      likeComment: vi.fn(async () => ({ success: true as const, likes: 3 })),
    };
    renderPlayer(api);
    await findPlayingVideo();
    await user.click(await screen.findByRole('button', { name: 'Like 4' }));
    expect(await screen.findByRole('button', { name: 'Like 5' })).toBeEnabled();
    expect(api.likeVideo).toHaveBeenCalledWith({ videoId: 'v1' });
    await user.click(screen.getByRole('button', { name: 'Dislike 1' }));
    expect(await screen.findByRole('button', { name: 'Dislike 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like 4' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Like the comment by bello 2' }));
    expect(await screen.findByRole('button', { name: 'Like the comment by bello 3' })).toBeInTheDocument();
    expect(api.likeComment).toHaveBeenCalledWith({ videoId: 'v1', commentId: 'c1' });
  });

  it('shows why a like failed', async () => {
    const user = userEvent.setup();
    const api = {
      ...baseApi(),
      likeVideo: vi.fn(async () => {
        throw new ApiError({ status: 403, key: 'errors.forbidden' });
      }),
    };
    renderPlayer(api);
    await findPlayingVideo();
    await user.click(await screen.findByRole('button', { name: 'Like 4' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied.');
    expect(screen.getByRole('button', { name: 'Like 4' })).toBeEnabled();
  });

  it('posts a comment, shows it first and empties the field', async () => {
    const user = userEvent.setup();
    const posted = {
      ...COMMENT,
      _id: 'c2',
      userId: 'u1',
      username: 'amina',
      text: 'How do we subtract?',
      likes: 0,
    };
    const api = {
      ...baseApi(),
      commentVideo: vi.fn(async () => ({ success: true as const, comment: posted })),
    };
    renderPlayer(api);
    await findPlayingVideo();
    const field = await screen.findByLabelText('Your comment');
    expect(field).toHaveAttribute('name', 'text');
    await user.type(field, '  How do we subtract?  ');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('How do we subtract?')).toBeInTheDocument();
    expect(api.commentVideo).toHaveBeenCalledWith({ videoId: 'v1', text: 'How do we subtract?' });
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Your comment')).toHaveValue(''));
    const texts = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    const mine = texts.findIndex((text) => text.includes('How do we subtract?'));
    const theirs = texts.findIndex((text) => text.includes(COMMENT.text));
    expect(mine).toBeGreaterThanOrEqual(0);
    expect(mine).toBeLessThan(theirs);
  });

  it('refuses an empty comment before sending it', async () => {
    const user = userEvent.setup();
    const api = { ...baseApi(), commentVideo: vi.fn() };
    renderPlayer(api);
    await findPlayingVideo();
    await user.type(await screen.findByLabelText('Your comment'), '   ');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your comment')).toHaveAttribute('aria-invalid', 'true');
    expect(api.commentVideo).not.toHaveBeenCalled();
  });

  it('limits a comment to 1000 characters', async () => {
    renderPlayer(baseApi());
    await findPlayingVideo();
    expect(await screen.findByLabelText('Your comment')).toHaveAttribute('maxlength', '1000');
  });

  it('keeps the comment typed when the server refuses it, and shows its message', async () => {
    const user = userEvent.setup();
    const api = {
      ...baseApi(),
      commentVideo: vi.fn(async () => {
        throw new ApiError({ status: 400, serverMsg: 'text must be at most 1000 characters' });
      }),
    };
    renderPlayer(api);
    await findPlayingVideo();
    await user.type(await screen.findByLabelText('Your comment'), 'A question');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('text must be at most 1000 characters');
    expect(screen.getByLabelText('Your comment')).toHaveValue('A question');
  });

  it('sets the playback rate from the speed choices, 0.75× included', async () => {
    const user = userEvent.setup();
    renderPlayer(baseApi());
    const video = await findPlayingVideo();
    const group = await screen.findByRole('group', { name: 'Playback speed' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['0.75×', '1×', '1.25×', '1.5×', '2×']);
    expect(within(group).getByRole('button', { name: '1×' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: '1.5×' }));
    expect(video.playbackRate).toBe(1.5);
    expect(within(group).getByRole('button', { name: '1.5×' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: '0.75×' }));
    expect(video.playbackRate).toBe(0.75);
  });

  it('resumes where the student stopped, from the stored position', async () => {
    renderPlayer(baseApi(), { stored: { [positionKey('v1')]: { v: 1, seconds: 42, savedAt: 1 } } });
    const video = await findVideo();
    expect(video.currentTime).toBe(0);
    metadataLoaded(video);
    expect(video.currentTime).toBe(42);
  });

  it('saves the position on pause and forgets it at the end', async () => {
    const { entries } = renderPlayer(baseApi());
    const video = await findVideo();
    metadataLoaded(video);
    fireEvent.play(video);
    video.currentTime = 130;
    fireEvent.timeUpdate(video);
    fireEvent.pause(video);
    await waitFor(() => expect(entries.get(positionKey('v1'))).toMatchObject({ v: 1, seconds: 130 }));
    expect(entries.get('playback-last')).toBe('v1');
    fireEvent.ended(video);
    await waitFor(() => expect(entries.has(positionKey('v1'))).toBe(false));
  });

  it('counts one view when playback starts', async () => {
    const api = baseApi();
    renderPlayer(api);
    const video = await findVideo();
    metadataLoaded(video);
    expect(api.viewVideo).not.toHaveBeenCalled();
    fireEvent.play(video);
    fireEvent.playing(video);
    expect(await screen.findByText('11 views')).toBeInTheDocument();
    fireEvent.pause(video);
    fireEvent.play(video);
    expect(api.viewVideo).toHaveBeenCalledTimes(1);
  });

  it('reloads an expired stream URL and continues from the same position', async () => {
    const api = {
      ...baseApi(),
      playVideo: vi
        .fn()
        .mockResolvedValueOnce(playAnswer())
        .mockResolvedValue(playAnswer({ ...VIDEO, streamUrl: FRESH_STREAM_URL })),
    };
    renderPlayer(api);
    const video = await findVideo();
    metadataLoaded(video);
    fireEvent.play(video);
    video.currentTime = 200;
    fireEvent.timeUpdate(video);
    fireEvent.error(video);
    await waitFor(() =>
      expect(screen.getByLabelText(`Video: ${VIDEO.title}`)).toHaveAttribute('src', FRESH_STREAM_URL),
    );
    expect(api.playVideo).toHaveBeenCalledTimes(2);
    const fresh = screen.getByLabelText(`Video: ${VIDEO.title}`) as HTMLVideoElement;
    expect(fresh.currentTime).toBe(0);
    metadataLoaded(fresh);
    expect(fresh.currentTime).toBe(200);
  });

  it('gives the video a new element even when the same URL comes back', async () => {
    renderPlayer(baseApi());
    const video = await findVideo();
    metadataLoaded(video);
    fireEvent.error(video);
    await waitFor(() => expect(screen.getByLabelText(`Video: ${VIDEO.title}`)).not.toBe(video));
    expect(screen.getByLabelText(`Video: ${VIDEO.title}`)).toHaveAttribute('src', STREAM_URL);
  });

  it('says so when the video still cannot be played after fresh URLs, and tries again on request', async () => {
    const user = userEvent.setup();
    const api = baseApi();
    renderPlayer(api);
    await findVideo();
    for (let attempt = 0; attempt <= 2; attempt++) {
      const current = (await screen.findByLabelText(`Video: ${VIDEO.title}`)) as HTMLVideoElement;
      fireEvent.error(current);
      if (attempt < 2)
        await waitFor(() => expect(screen.getByLabelText(`Video: ${VIDEO.title}`)).not.toBe(current));
    }
    expect(
      await screen.findByText('This video cannot be played right now. Check your connection and try again.'),
    ).toBeInTheDocument();
    // The first load, then two fresh ones.
    expect(api.playVideo).toHaveBeenCalledTimes(3);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.playVideo).toHaveBeenCalledTimes(4));
  });

  it('lists the videos up next with thumbnails, linking to the player', async () => {
    const api = baseApi();
    renderPlayer(api);
    fireEvent.playing(await findVideo());
    const upNext = await screen.findByRole('region', { name: 'Up next' });
    const link = await within(upNext).findByRole('link', { name: /Adding vectors/ });
    expect(link).toHaveAttribute('href', '/video-player?videoId=v2');
    const thumbnail = link.querySelector('img');
    expect(thumbnail).toHaveAttribute('src', NEXT_VIDEO.thumbnailUrl);
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail).toHaveAttribute('width');
    expect(thumbnail).toHaveAttribute('height');
    expect(api.upNextVideos).toHaveBeenCalledWith({ videoId: 'v1' });
  });

  it('says which video is missing and offers a retry when the load fails', async () => {
    const user = userEvent.setup();
    const api = {
      ...baseApi(),
      // No network at all: the one request fails, and so does the service worker's kept list.
      playVideo: vi
        .fn()
        .mockRejectedValueOnce(new ApiError({ status: 0, key: 'errors.network' }))
        .mockResolvedValue(playAnswer()),
      fetchVideos: vi.fn().mockRejectedValueOnce(new ApiError({ status: 0, key: 'errors.network' })),
    };
    renderPlayer(api);
    const alert = await screen.findByText('Network error. Please check your internet connection.');
    expect(alert).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0] as HTMLElement);
    expect(await findVideo()).toHaveAttribute('src', STREAM_URL);
  });

  it('reads the video id from a link that keeps its query inside the hash', async () => {
    window.location.hash = '#/video-player?videoId=v1';
    try {
      renderPlayer(baseApi(), { path: '/video-player' });
      expect(await findVideo()).toHaveAttribute('src', STREAM_URL);
    } finally {
      window.location.hash = '';
    }
  });

  it('asks the student to pick a video when the link has none', async () => {
    renderPlayer(baseApi(), { path: '/video-player' });
    expect(screen.getByRole('heading', { name: 'No video chosen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my subjects' })).toHaveAttribute(
      'href',
      '/study-sections',
    );
  });
});

/**
 * What the page leaves when it drew the lesson before the app's code ran (issue 19,
 * src/app/early-lesson-boot.ts): the drawn nodes, the URL its Play plays, and its element once tapped.
 */
function drawnLesson(url: string, playing: { at: number; paused?: boolean } | null) {
  const node = document.createElement('div');
  node.textContent = 'drawn lesson';
  let video: HTMLVideoElement | null = null;
  if (playing) {
    video = document.createElement('video');
    video.src = url;
    Object.defineProperty(video, 'paused', { configurable: true, value: playing.paused === true });
    Object.defineProperty(video, 'readyState', { configurable: true, value: HTMLMediaElement.HAVE_METADATA });
    Object.defineProperty(video, 'duration', { configurable: true, value: 600 });
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: playing.at });
    video.play = vi.fn(async () => undefined);
    video.pause = vi.fn();
    node.appendChild(video);
  }
  document.body.appendChild(node);
  const lesson = { videoId: 'v1', node, url, video };
  (window as unknown as Record<string, unknown>)[EARLY_LESSON_KEY] = lesson;
  return lesson;
}

describe('VideoPlayer screen, on a lesson the page drew', () => {
  it('keeps the drawn lesson while its answer loads, then takes its playing video over where it is', async () => {
    const answer = deferred<VideoPlayAnswer>();
    const api = { ...baseApi(), playVideo: vi.fn(() => answer.promise) };
    const drawn = drawnLesson(STREAM_URL, { at: 4 });
    const { container, entries } = renderPlayer(api);
    // While the answer loads, the drawn lesson stays on screen (and its video plays on in it).
    await waitFor(() => expect(container.contains(drawn.node)).toBe(true));
    expect(drawn.video?.isConnected).toBe(true);
    answer.resolve(playAnswer());
    await waitFor(() => expect(drawn.video?.parentElement?.className).toBe('player__adopted'));
    expect(container.contains(drawn.node)).toBe(false);
    // The very element: no Play to press again, no second video, and it is labelled as the player's own.
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    expect(container.querySelectorAll('video')).toHaveLength(1);
    expect(drawn.video?.getAttribute('aria-label')).toBe(`Video: ${VIDEO.title}`);
    // The machine knows it plays: the view is counted, and where the student stops is kept.
    await waitFor(() => expect(api.viewVideo).toHaveBeenCalledTimes(1));
    const video = drawn.video as HTMLVideoElement;
    video.currentTime = 95;
    fireEvent.timeUpdate(video);
    fireEvent.pause(video);
    await waitFor(() => expect(entries.get(positionKey('v1'))).toMatchObject({ seconds: 95 }));
    expect((window as unknown as Record<string, unknown>)[EARLY_LESSON_KEY]).toBeUndefined();
  });

  it('leaves a drawn video the student paused as it is: no play, no seek to a stored position', async () => {
    const drawn = drawnLesson(STREAM_URL, { at: 42, paused: true });
    const { container, entries, unmount } = renderPlayer(baseApi(), {
      stored: { [positionKey('v1')]: { v: 1, seconds: 300, savedAt: 1 } },
    });
    await waitFor(() => expect(drawn.video?.parentElement?.className).toBe('player__adopted'));
    expect(container.querySelectorAll('video')).toHaveLength(1);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(drawn.video?.play).not.toHaveBeenCalled();
    expect(drawn.video?.currentTime).toBe(42);
    // Leaving keeps the student's second, not the stored one the machine did not seek to.
    unmount();
    await waitFor(() => expect(entries.get(positionKey('v1'))).toMatchObject({ seconds: 42 }));
  });

  it('takes a drawn video in its first seconds to the stored position, as a late position would', async () => {
    const drawn = drawnLesson(STREAM_URL, { at: 1 });
    renderPlayer(baseApi(), { stored: { [positionKey('v1')]: { v: 1, seconds: 300, savedAt: 1 } } });
    await waitFor(() => expect(drawn.video?.currentTime).toBe(300));
  });

  it('shows its own Play where the student had not tapped the drawn one', async () => {
    const drawn = drawnLesson(STREAM_URL, null);
    const { container } = renderPlayer(baseApi());
    await screen.findByRole('button', { name: 'Play' });
    expect(container.contains(drawn.node)).toBe(false);
    expect(container.querySelector('video')).toBeNull();
  });

  it('stops a drawn video of another rendition and starts its own, the student having pressed Play', async () => {
    const drawn = drawnLesson('https://media.test/other-rendition.mp4', { at: 2 });
    const { container } = renderPlayer(baseApi());
    const own = (await screen.findByLabelText(`Video: ${VIDEO.title}`)) as HTMLVideoElement;
    expect(own).not.toBe(drawn.video);
    expect(own.getAttribute('src')).toBe(STREAM_URL);
    expect(drawn.video?.pause).toHaveBeenCalled();
    expect(drawn.video?.isConnected).toBe(false);
    expect(container.querySelectorAll('video')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
  });
});
