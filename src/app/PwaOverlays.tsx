import { useSelector } from '@xstate/react';
import { selectInstallBanner, selectIsInstalling } from '../../machines/installPrompt';
import { selectIsUpdating, selectUpdatePrompt } from '../../machines/serviceWorker';
import { InstallBanner } from '../ui/InstallBanner';
import { UpdateToast } from '../ui/UpdateToast';
import type { PwaActors } from './pwa-actors';

/**
 * The PWA's own overlays: the update question (Update / Later) and the install banner at the bottom. The
 * short toasts ('App is ready for offline use!', …) go through the shell's toast like every other.
 */
export function PwaOverlays({ actors: { serviceWorker, installPrompt } }: { actors: PwaActors }) {
  const updatePrompt = useSelector(serviceWorker, selectUpdatePrompt);
  const updating = useSelector(serviceWorker, selectIsUpdating);
  const banner = useSelector(installPrompt, selectInstallBanner);
  const installing = useSelector(installPrompt, selectIsInstalling);
  return (
    <>
      {updatePrompt || updating ? (
        <UpdateToast
          messageKey={updatePrompt?.messageKey ?? 'updateAvailable'}
          updating={updating}
          onUpdate={() => serviceWorker.send({ type: 'sw.update' })}
          onLater={() => serviceWorker.send({ type: 'sw.later' })}
        />
      ) : null}
      {banner ? (
        <InstallBanner
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
