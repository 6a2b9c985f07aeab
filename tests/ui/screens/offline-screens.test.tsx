import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaybackPositionsContext } from '../../../src/app/playback-positions-context';
import { ApiError } from '../../../src/rules/api-errors';
import Dashboard from '../../../src/screens/Dashboard';
import LiveTv from '../../../src/screens/LiveTv';
import VideoPlayerScreen from '../../../src/screens/VideoPlayer';
import { markDeviceCopy } from '../../../src/services/api/device-copy';
import type { LastCopies } from '../../../src/services/offline/last-copies';
import { createAppStorage } from '../../../src/services/storage';
import { CHANNELS, renderContent } from '../content/fixtures';
import { memoryLastCopies, type RenderAppOptions, renderWithApp } from '../helpers/render-app';
import { loggedInStorage, payment, SUBJECTS } from './catalogue-fixtures';
import { LOGGED_IN, MATHS, memoryPositions, NEXT_VIDEO, STUDENT, VIDEO } from './video-fixtures';

// Issue 18, defect 6: offline, Transactions and Live TV had nothing to show but "Network error… Try again".
// Now a screen shows the last copy it saw, with its date, or says it is offline and what still works.

const SAVED = Date.parse('2026-11-20T08:15:00.000Z');
/** The phone's own clock time of an instant (the note says when, in the phone's time). */
const clock = (iso: string) => {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};
const offline = () => Promise.reject(new ApiError({ status: 0, key: 'errors.network' }));
const PAYMENTS = [
  payment({
    referenceId: 'ref-ok',
    status: 'SUCCESSFUL',
    totalCost: 2500,
    createdAt: '2026-11-19T10:00:00.000Z',
  }),
  payment({
    referenceId: 'ref-wait',
    status: 'PENDING',
    totalCost: 5000,
    createdAt: '2026-11-20T07:00:00.000Z',
  }),
];

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => setOnline(true));

/** One phone: its last copies outlive the screens, as IndexedDB does, and follow the logged-in account. */
function phone() {
  const storage = createAppStorage(window.localStorage);
  return memoryLastCopies(storage, () => SAVED);
}

const renderTransactions = (
  lastCopies: LastCopies,
  api: RenderAppOptions['api'],
  options: { lang?: 'en' | 'fr'; userId?: string } = {},
) =>
  renderWithApp(<Dashboard params={{}} titleKey="transactions" />, {
    path: '/dashboard/tabs/transactions',
    storage: {
      ...loggedInStorage({ id: options.userId ?? 'u1' }),
      ...(options.lang ? { language: options.lang } : {}),
    },
    api,
    lastCopies,
    ...(options.lang ? { lang: options.lang } : {}),
  });

describe('Transactions offline', { timeout: 20_000 }, () => {
  it('shows the payments saved on the phone, with their saved date, enough to show as proof', async () => {
    const device = phone();
    const online = renderTransactions(device, {
      fetchTransactions: async () => PAYMENTS,
      fetchSubjects: async () => SUBJECTS,
    });
    await screen.findByRole('article', { name: '2\u202F500\u00A0FCFA' });
    expect(screen.queryByText(/copy saved on this phone/)).not.toBeInTheDocument();
    online.unmount();

    renderTransactions(device, { fetchTransactions: offline, fetchSubjects: offline });
    expect(
      await screen.findByText(
        `This is the copy saved on this phone on 20 Nov 2026, ${clock('2026-11-20T08:15:00.000Z')}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('You are offline')).toBeInTheDocument();
    const paid = screen.getByRole('article', { name: '2\u202F500\u00A0FCFA' });
    expect(within(paid).getByTestId('payment-status')).toHaveTextContent('Successful');
    expect(within(paid).getByText('Reference ORDER_u1_ref-ok')).toBeInTheDocument();
    expect(within(paid).getByText('19 Nov 2026')).toBeInTheDocument();
    // A pending payment is checked again only with a connection.
    const pending = screen.getByRole('article', { name: '5\u202F000\u00A0FCFA' });
    expect(within(pending).getByRole('button', { name: 'Resume' })).toBeDisabled();
    expect(
      within(pending).getByText('Connect to the internet to check this payment again.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Network error. Please check your internet connection.'),
    ).not.toBeInTheDocument();
  });

  it('reads in French', async () => {
    const device = phone();
    const online = renderTransactions(
      device,
      { fetchTransactions: async () => PAYMENTS, fetchSubjects: async () => SUBJECTS },
      { lang: 'fr' },
    );
    await screen.findByRole('article', { name: '2\u202F500\u00A0FCFA' });
    online.unmount();
    renderTransactions(device, { fetchTransactions: offline, fetchSubjects: offline }, { lang: 'fr' });
    expect(
      await screen.findByText(
        `Voici la copie enregistrée sur ce téléphone le 20 nov. 2026, ${clock('2026-11-20T08:15:00.000Z')}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Vous êtes hors ligne')).toBeInTheDocument();
    expect(
      screen.getByText('Connectez-vous à internet pour vérifier à nouveau ce paiement.'),
    ).toBeInTheDocument();
  });

  it("never shows one account's payments to another on the same phone", async () => {
    const device = phone();
    const first = renderTransactions(device, {
      fetchTransactions: async () => PAYMENTS,
      fetchSubjects: async () => SUBJECTS,
    });
    await screen.findByRole('article', { name: '2\u202F500\u00A0FCFA' });
    first.unmount();
    renderTransactions(device, { fetchTransactions: offline, fetchSubjects: offline }, { userId: 'u2' });
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('without a copy, says it is offline, the network line, what still works, and Retry', async () => {
    let answer: () => Promise<typeof PAYMENTS> = offline;
    renderTransactions(phone(), { fetchTransactions: () => answer(), fetchSubjects: async () => SUBJECTS });
    const alert = await screen.findByRole('alert', { name: 'You are offline' });
    expect(
      within(alert).getByText('Network error. Please check your internet connection.'),
    ).toBeInTheDocument();
    for (const [name, href] of [
      ['Watch the videos you downloaded', '/cache-manager'],
      ['Read the books you downloaded', '/cache-manager'],
      ['Read the news you already opened', '/news'],
      ['Use your planner and timetables', '/schedule'],
    ]) {
      expect(within(alert).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // The connection comes back: the list loads by itself.
    answer = async () => PAYMENTS;
    setOnline(true);
    expect(await screen.findByRole('article', { name: '2\u202F500\u00A0FCFA' })).toBeInTheDocument();
  });
});

describe('Live TV offline', { timeout: 20_000 }, () => {
  it("shows the channel list's last copy with its date, and a channel needs a connection: no black box", async () => {
    const device = phone();
    const online = renderContent(<LiveTv />, {
      path: '/live-tv',
      api: { fetchLiveTvChannels: async () => CHANNELS },
      lastCopies: device,
    });
    await screen.findByRole('article', { name: 'StudyCam Live: lessons all day' });
    online.unmount();

    setOnline(false);
    renderContent(<LiveTv />, {
      path: '/live-tv',
      api: { fetchLiveTvChannels: offline },
      lastCopies: device,
    });
    expect(
      await screen.findByText(
        `This is the copy saved on this phone on 20 Nov 2026, ${clock('2026-11-20T08:15:00.000Z')}.`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Watch StudyCam Live' }));
    const player = screen.getByRole('region', { name: 'StudyCam Live: lessons all day' });
    expect(within(player).getByRole('heading', { name: 'Live TV needs a connection' })).toBeInTheDocument();
    expect(within(player).getByRole('link', { name: 'Watch the videos you downloaded' })).toBeInTheDocument();
    expect(player.querySelector('video')).toBeNull();
    expect(within(player).queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();

    // The connection comes back: the player is there again.
    setOnline(true);
    const back = await screen.findByRole('region', { name: 'StudyCam Live: lessons all day' });
    expect(within(back).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('dates a list the service worker answered from its cache, and reads in French', async () => {
    const cached = structuredClone(CHANNELS);
    markDeviceCopy(cached, '2026-11-18T17:40:00.000Z');
    renderContent(<LiveTv />, {
      path: '/live-tv',
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchLiveTvChannels: async () => cached },
    });
    expect(
      await screen.findByText(
        `Voici la copie enregistrée sur ce téléphone le 18 nov. 2026, ${clock('2026-11-18T17:40:00.000Z')}.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('article', { name: 'StudyCam Live : des leçons toute la journée' }),
    ).toBeInTheDocument();
  });
});

describe('a lesson offline', { timeout: 20_000 }, () => {
  // Offline the access is the one the device last heard of: paid until next year.
  const PAID = {
    ...LOGGED_IN,
    user: JSON.stringify({
      v: 1,
      data: {
        ...STUDENT,
        paidSubjects: [
          { subjectId: 'maths', subjectTitle: MATHS.subjectTitle, expiresAt: '2099-01-01T00:00:00.000Z' },
        ],
      },
    }),
  };
  const renderPlayer = (api: RenderAppOptions['api']) =>
    renderWithApp(
      <PlaybackPositionsContext.Provider value={memoryPositions().positions}>
        <VideoPlayerScreen params={{}} titleKey="video-player" />
      </PlaybackPositionsContext.Provider>,
      { api, path: '/video-player?videoId=v1', storage: PAID },
    );

  it('says a lesson not downloaded needs a connection before Play, not after it fails', async () => {
    setOnline(false);
    renderPlayer({
      // The lesson's one request (issue 19) fails offline; the kept lists and the device's expiry decide.
      playVideo: offline,
      fetchVideos: async () => [VIDEO, NEXT_VIDEO],
      fetchSubjects: async () => [MATHS],
      checkSubjectExpiration: offline,
      upNextVideos: offline,
      viewVideo: offline,
    });
    expect(await screen.findByRole('heading', { level: 1, name: VIDEO.title })).toBeInTheDocument();
    expect(
      screen.getByText(/^This lesson is not downloaded on this phone/).closest('[role="alert"]'),
    ).toHaveTextContent('You are offline');
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    setOnline(true);
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('a lesson that cannot be loaded offline says so, with what still works', async () => {
    setOnline(false);
    renderPlayer({ playVideo: offline, fetchVideos: offline, fetchSubjects: offline });
    const alert = await screen.findByRole('alert', { name: 'You are offline' });
    expect(within(alert).getByRole('link', { name: 'Watch the videos you downloaded' })).toBeInTheDocument();
  });
});
