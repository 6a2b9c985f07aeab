import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import LiveTv from '../../../src/screens/LiveTv';
import { CHANNELS, renderContent } from './fixtures';

describe('Live TV', () => {
  it('lists the channels with logo, language and description; linked ones open their site', async () => {
    renderContent(<LiveTv />, { path: '/live-tv', api: { fetchLiveTvChannels: async () => CHANNELS } });
    const own = await screen.findByRole('article', { name: 'StudyCam Live: lessons all day' });
    expect(within(own).getByText('English and French')).toBeInTheDocument();
    expect(within(own).getByText('Our own channel.')).toBeInTheDocument();
    expect(within(own).getByText('Plays in the app')).toBeInTheDocument();
    const crtv = screen.getByRole('article', { name: 'CRTV' });
    const site = within(crtv).getByRole('link', { name: 'Watch CRTV on their site' });
    expect(site).toHaveAttribute('href', 'https://www.crtv.cm/');
    expect(site).toHaveAttribute('target', '_blank');
  });

  it('shows the data a channel uses per hour before anything plays, and less with sound only', async () => {
    renderContent(<LiveTv />, { path: '/live-tv', api: { fetchLiveTvChannels: async () => CHANNELS } });
    await userEvent.click(await screen.findByRole('button', { name: 'Watch StudyCam Live' }));
    const player = screen.getByRole('region', { name: 'StudyCam Live: lessons all day' });
    expect(within(player).getByText('Uses about 52.0 MB of data per hour.')).toBeInTheDocument();
    const video = player.querySelector('video');
    // Nothing is requested before Play: the video has no source yet.
    expect(video?.getAttribute('src')).toBeNull();
    await userEvent.click(within(player).getByRole('radio', { name: 'Sound only (saves data)' }));
    expect(within(player).getByText('Uses about 17.3 MB of data per hour.')).toBeInTheDocument();
    expect(within(player).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  // Issue 18: the player opens above the list; a student who chose from a card further down is taken to it.
  it("brings the chosen channel's player to the top of the screen, its heading focused", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      renderContent(<LiveTv />, { path: '/live-tv', api: { fetchLiveTvChannels: async () => CHANNELS } });
      await userEvent.click(await screen.findByRole('button', { name: 'Watch StudyCam Live' }));
      const player = screen.getByRole('region', { name: 'StudyCam Live: lessons all day' });
      const heading = within(player).getByRole('heading', { name: 'StudyCam Live: lessons all day' });
      expect(heading).toHaveFocus();
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(scrolled.mock.contexts[0]).toBe(heading);
      expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
      // Choosing the sound only is not choosing again: the screen stays where the student is.
      await userEvent.click(within(player).getByRole('radio', { name: 'Sound only (saves data)' }));
      expect(scrolled).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('shows the skeleton, then the error with Try again', async () => {
    let calls = 0;
    renderContent(<LiveTv />, {
      path: '/live-tv',
      api: {
        fetchLiveTvChannels: async () => {
          calls += 1;
          if (calls === 1) throw new Error('Server error. Please try again later.');
          return [];
        },
      },
    });
    expect(screen.getByText('Loading the channels…')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No channels' })).toBeInTheDocument();
  });

  it('reads in French', async () => {
    renderContent(<LiveTv />, {
      path: '/live-tv',
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchLiveTvChannels: async () => CHANNELS },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Regarder StudyCam Live' }));
    expect(screen.getByText('Consomme environ 52,0 Mo de données par heure.')).toBeInTheDocument();
  });
});
