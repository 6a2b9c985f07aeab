import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallBanner as InstallBannerView } from '../../machines/installPrompt';
import './install-banner.css';

interface InstallBannerProps {
  banner: InstallBannerView;
  installing: boolean;
  onInstall: () => void;
  onShowInstructions: () => void;
  onDismiss: () => void;
  /** The shell measures it, to keep the page's end clear of it. */
  ref?: Ref<HTMLElement>;
}

/** docs/product.md §2 "Install prompt banner": fixed at the bottom; install (iOS: how to) and dismiss. */
export function InstallBanner({
  banner,
  installing,
  onInstall,
  onShowInstructions,
  onDismiss,
  ref,
}: InstallBannerProps) {
  const { t } = useTranslation();
  const showIosSteps = banner.mode === 'ios' && banner.instructionsVisible;
  return (
    <aside ref={ref} className="install-banner" aria-label={t('pwa.bannerLabel')}>
      <img className="install-banner__icon" src="./icons/icon-80.png" alt="" width={40} height={40} />
      <div className="install-banner__body">
        <p className="install-banner__text">{t(`messages.${banner.messageKey}`)}</p>
        {showIosSteps ? (
          <ol className="install-banner__steps">
            <li>{t('pwa.iosStepShare')}</li>
            <li>{t('pwa.iosStepAdd')}</li>
            <li>{t('pwa.iosStepConfirm')}</li>
          </ol>
        ) : null}
      </div>
      <div className="install-banner__actions">
        {banner.mode === 'install' ? (
          <button type="button" className="btn" onClick={onInstall} disabled={installing}>
            {t('pwa.install')}
          </button>
        ) : showIosSteps ? null : (
          <button type="button" className="btn" onClick={onShowInstructions}>
            {t('pwa.showInstructions')}
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={onDismiss}>
          {t('pwa.dismiss')}
        </button>
      </div>
    </aside>
  );
}
