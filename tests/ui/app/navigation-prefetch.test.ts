import { describe, expect, it, vi } from 'vitest';
import { prefetchOnNavigation } from '../../../src/app/navigation-prefetch';
import { ROUTES } from '../../../src/app/routes';
import type { Endpoints } from '../../../src/services/api/endpoints';

// Issue 19: a tap on a lesson asks for what its player needs before the router renders the new screen;
// touching a card (a scroll may start there) costs no request of data.

describe('a tap on a lesson', () => {
  it('asks for the lesson’s access and stream at the click, once, before the location changes', () => {
    const playVideo = vi.fn(() => new Promise<never>(() => undefined));
    prefetchOnNavigation(window, { playVideo } as unknown as Endpoints, () => true);
    const link = document.createElement('a');
    link.href = '#/video-player?videoId=tapped-lesson';
    link.innerHTML = '<span>Quadratic equations</span>';
    document.body.append(link);
    // The router would render on the click; here nothing changes the location, so what is seen is the tap's.
    link.addEventListener('click', (event) => event.preventDefault());
    const card = link.firstElementChild as HTMLElement;

    card.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(playVideo).not.toHaveBeenCalled();
    card.click();
    expect(playVideo).toHaveBeenCalledWith('tapped-lesson');
    expect(window.location.hash).not.toContain('tapped-lesson');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    card.click();
    expect(playVideo).toHaveBeenCalledTimes(1);
    link.remove();
  });
});

describe('a screen that lists lessons', () => {
  it('fetches the player’s code once the app is idle, so a tap waits for the lesson’s data only', async () => {
    const player = ROUTES.find((route) => route.path === '/video-player');
    if (!player) throw new Error('no video-player route');
    const playerCode = vi.fn(async () => ({ default: () => null }));
    // The player's chunk, as the browser would fetch it.
    (player as { load: typeof player.load }).load = playerCode;
    vi.useFakeTimers();
    try {
      window.location.hash = '#/privacy-policy';
      prefetchOnNavigation(window, {} as Endpoints, () => true);
      await vi.runAllTimersAsync();
      // A page without lessons fetches nothing more.
      expect(playerCode).not.toHaveBeenCalled();

      window.location.hash = '#/upnextlist';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      // Not while the new screen renders: in idle time.
      expect(playerCode).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(playerCode).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      window.location.hash = '';
    }
  });
});
