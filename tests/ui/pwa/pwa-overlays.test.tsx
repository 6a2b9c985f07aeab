import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useAppActors } from '../../../src/app/actors-context';
import { useLazy } from '../../../src/app/lazy-load';
import { PwaOverlays } from '../../../src/app/PwaOverlays';
import { Modal } from '../../../src/ui/Modal';
import { fakeInstallPrompt, fakeServiceWorker, renderWithPwaLoaded } from './render-pwa';

/** The shell's toast line, as ShellOverlays shows it (the toast text only). */
function ToastText() {
  const { ui } = useAppActors();
  const toast = useSyncExternalStore(ui.subscribe, () => ui.getState().toast);
  return toast ? <p data-testid="toast">{`${toast.key}:${toast.durationMs}`}</p> : null;
}

/** The overlays once their machines have loaded, as AppRoot shows them. */
function LoadedPwaOverlays() {
  const actors = useLazy(useAppActors().pwa);
  return actors ? <PwaOverlays actors={actors} /> : null;
}

const ui = (
  <>
    <LoadedPwaOverlays />
    <ToastText />
  </>
);

describe('install banner', () => {
  it('appears when the browser offers the install, and installs on Install', async () => {
    const install = fakeInstallPrompt();
    await renderWithPwaLoaded(ui, { pwa: { installPrompt: install.bridge } });
    expect(screen.queryByText('Install our app for a better experience')).toBeNull();
    act(() => install.emit({ type: 'install.available' }));
    const banner = screen.getByRole('complementary', { name: 'Install the app' });
    expect(banner).toHaveTextContent('Install our app for a better experience');
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(install.bridge.prompt).toHaveBeenCalledTimes(1);
    await screen.findByText('appInstalled:3000');
    expect(screen.queryByRole('complementary', { name: 'Install the app' })).toBeNull();
  });

  it('remembers a dismissal under pwa-install-dismissed', async () => {
    const install = fakeInstallPrompt();
    await renderWithPwaLoaded(ui, { pwa: { installPrompt: install.bridge } });
    act(() => install.emit({ type: 'install.available' }));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText('Install our app for a better experience')).toBeNull();
    expect(window.localStorage.getItem('pwa-install-dismissed')).toBe('true');
  });

  it('stays hidden once dismissed, even when the browser offers again', async () => {
    const install = fakeInstallPrompt();
    await renderWithPwaLoaded(ui, {
      pwa: { installPrompt: install.bridge },
      storage: { 'pwa-install-dismissed': 'true' },
    });
    act(() => install.emit({ type: 'install.available' }));
    expect(screen.queryByText('Install our app for a better experience')).toBeNull();
  });

  it('on iOS explains Share → Add to Home Screen', async () => {
    const install = fakeInstallPrompt({ isIos: true });
    await renderWithPwaLoaded(ui, { pwa: { installPrompt: install.bridge } });
    expect(screen.getByText('Tap Share then Add to Home Screen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show me how' }));
    expect(screen.getByText('Scroll down and choose Add to Home Screen.')).toBeInTheDocument();
  });

  it('is not shown in the installed app', async () => {
    const install = fakeInstallPrompt({ isIos: true, isStandalone: true });
    await renderWithPwaLoaded(ui, { pwa: { installPrompt: install.bridge } });
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('service worker toasts', () => {
  async function registered() {
    const sw = fakeServiceWorker();
    const rendered = await renderWithPwaLoaded(ui, { pwa: { serviceWorker: sw.bridge } });
    act(() => rendered.pwa.serviceWorker.send({ type: 'app.stable' }));
    await vi.waitFor(() => expect(sw.bridge.register).toHaveBeenCalledTimes(1));
    return { sw, ...rendered };
  }

  it('registers when the app is stable and announces offline readiness for 3 s', async () => {
    const { sw } = await registered();
    act(() => sw.emit({ type: 'sw.offlineReady' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('offlineReady:3000');
  });

  it('asks Update / Later word for word; Update activates the new worker and reloads once', async () => {
    const { sw, reload } = await registered();
    act(() => sw.emit({ type: 'sw.updateAvailable' }));
    expect(screen.getByRole('status')).toHaveTextContent('New version available! Update now?');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(sw.bridge.activateUpdate).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('Later leaves the old version running and says how to update, for 5 s', async () => {
    const { sw, reload } = await registered();
    act(() => sw.emit({ type: 'sw.updateAvailable' }));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('New version available! Update now?')).toBeNull();
    expect(screen.getByTestId('toast')).toHaveTextContent('reloadToUpdate:5000');
    expect(sw.bridge.activateUpdate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('never registers outside production', async () => {
    const sw = fakeServiceWorker();
    const rendered = await renderWithPwaLoaded(ui, {
      pwa: { serviceWorker: sw.bridge, isProduction: false },
    });
    act(() => rendered.pwa.serviceWorker.send({ type: 'app.stable' }));
    expect(sw.bridge.register).not.toHaveBeenCalled();
  });
});

/** A sheet as the app's screens open them: the shared Modal, here on a switch the test flips. */
function SheetOnDemand({ open }: { open: boolean }) {
  return open ? (
    <Modal title="Your cart" closeLabel="Close" onClose={() => undefined}>
      <button type="button">Make payment</button>
    </Modal>
  ) : null;
}

describe('while a dialog is open (issue 18)', () => {
  it('the install banner and the update question step aside, and come back when it closes', async () => {
    const install = fakeInstallPrompt();
    const sw = fakeServiceWorker();
    const rendered = await renderWithPwaLoaded(
      <>
        {ui}
        <SheetOnDemand open={false} />
      </>,
      { pwa: { installPrompt: install.bridge, serviceWorker: sw.bridge } },
    );
    act(() => rendered.pwa.serviceWorker.send({ type: 'app.stable' }));
    await vi.waitFor(() => expect(sw.bridge.register).toHaveBeenCalledTimes(1));
    act(() => install.emit({ type: 'install.available' }));
    act(() => sw.emit({ type: 'sw.updateAvailable' }));
    const banner = () => screen.queryByRole('complementary', { name: 'Install the app' });
    const question = () => screen.queryByText('New version available! Update now?');
    // One overlay at a time at the bottom: the banner waits while the update question is asked.
    expect(question()).not.toBeNull();
    expect(banner()).toBeNull();
    const withSheet = (open: boolean) =>
      rendered.withProviders(
        <>
          {ui}
          <SheetOnDemand open={open} />
        </>,
      );
    rendered.rerender(withSheet(true));
    expect(screen.getByRole('dialog', { name: 'Your cart' })).toBeInTheDocument();
    expect(banner()).toBeNull();
    expect(question()).toBeNull();
    rendered.rerender(withSheet(false));
    expect(question()).not.toBeNull();
    expect(banner()).toBeNull();
  });
});

describe('one overlay at a time at the bottom', () => {
  it('the install banner waits while a lesson is open, and comes back on the next screen', async () => {
    const install = fakeInstallPrompt();
    await renderWithPwaLoaded(ui, { pwa: { installPrompt: install.bridge } });
    const banner = () => screen.queryByRole('complementary', { name: 'Install the app' });
    // jsdom announces a changed hash a task later, as browsers do.
    const openHash = (hash: string) =>
      act(async () => {
        window.location.hash = hash;
        await new Promise((done) => setTimeout(done, 0));
      });
    await openHash('#/video-player?videoId=ang-maths-f5-v01');
    act(() => install.emit({ type: 'install.available' }));
    expect(banner()).toBeNull();
    await openHash('#/home');
    expect(banner()).not.toBeNull();
    await openHash('');
  });

  it('the install banner waits while the update question is asked, and comes back after Later', async () => {
    const install = fakeInstallPrompt();
    const sw = fakeServiceWorker();
    const rendered = await renderWithPwaLoaded(ui, {
      pwa: { installPrompt: install.bridge, serviceWorker: sw.bridge },
    });
    act(() => rendered.pwa.serviceWorker.send({ type: 'app.stable' }));
    await vi.waitFor(() => expect(sw.bridge.register).toHaveBeenCalledTimes(1));
    act(() => install.emit({ type: 'install.available' }));
    const banner = () => screen.queryByRole('complementary', { name: 'Install the app' });
    expect(banner()).not.toBeNull();
    act(() => sw.emit({ type: 'sw.updateAvailable' }));
    expect(screen.getByText('New version available! Update now?')).toBeInTheDocument();
    expect(banner()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('New version available! Update now?')).toBeNull();
    expect(banner()).not.toBeNull();
  });
});
