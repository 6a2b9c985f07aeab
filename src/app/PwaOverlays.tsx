import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useHashLocation } from 'wouter/use-hash-location';
import { selectInstallBanner, selectIsInstalling } from '../../machines/installPrompt';
import { selectIsUpdating, selectUpdatePrompt } from '../../machines/serviceWorker';
import { InstallBanner } from '../ui/InstallBanner';
import { UpdateToast } from '../ui/UpdateToast';
import { useAppActors } from './actors-context';
import { hashPath } from './first-screen';
import { PLAYER_PATH } from './player-path';
import type { PwaActors } from './pwa-actors';
import { overlaysStepAside } from './ui-store';
import { useReservedHeight } from './use-reserved-height';

/**
 * The PWA's own overlays: the update question (Update / Later) and the install banner at the bottom. The
 * short toasts ('App is ready for offline use!', …) go through the shell's toast like every other. While a
 * dialog is open both step aside (issue 18): the machines keep their state, only the drawing waits.
 * One at a time at the bottom: together they covered 250 px of a 640-px phone, so the install banner waits
 * while the update question is asked (it is the one that needs an answer) and comes back after it. Nor is it
 * shown over a lesson: on the player it lay on the quality choice while the video played, and on a locked
 * lesson's Add to cart; it comes back on the next screen.
 */
export function PwaOverlays({ actors: { serviceWorker, installPrompt } }: { actors: PwaActors }) {
  const { ui } = useAppActors();
  const stepAside = useSyncExternalStore(
    ui.subscribe,
    () => overlaysStepAside(ui.getState()),
    () => false,
  );
  const updatePrompt = useSelector(serviceWorker, selectUpdatePrompt);
  const updating = useSelector(serviceWorker, selectIsUpdating);
  const banner = useSelector(installPrompt, selectInstallBanner);
  const installing = useSelector(installPrompt, selectIsInstalling);
  const toastRef = useReservedHeight('--toast-height');
  const bannerRef = useReservedHeight('--install-banner-height');
  const [location] = useHashLocation();
  const onLesson = hashPath(location) === PLAYER_PATH;
  if (stepAside) return null;
  const asking = updatePrompt !== null || updating;
  return (
    <>
      {asking ? (
        <UpdateToast
          ref={toastRef}
          messageKey={updatePrompt?.messageKey ?? 'updateAvailable'}
          updating={updating}
          onUpdate={() => serviceWorker.send({ type: 'sw.update' })}
          onLater={() => serviceWorker.send({ type: 'sw.later' })}
        />
      ) : null}
      {banner && !asking && !onLesson ? (
        <InstallBanner
          ref={bannerRef}
          banner={banner}
          installing={installing}
          onInstall={() => installPrompt.send({ type: 'install.accept' })}
          onShowInstructions={() => installPrompt.send({ type: 'install.showInstructions' })}
          onDismiss={() => installPrompt.send({ type: 'install.dismiss' })}
        />
      ) : null}
    </>
  );
}
