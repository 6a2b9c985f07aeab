import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Loader } from '../../ui/Loader';
import './splash.css';

/**
 * The branded opening screen. The shell draws nothing before the first dictionary has loaded, so by the
 * time this renders the app is ready: it shows the brand for one paint and goes on to landing.
 */
export default function Splash() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate('/landing', { replace: true });
  }, [navigate]);
  return (
    <main id="main" className="splash">
      <img src="./icons/icon-512.png" alt="" width={96} height={96} />
      <h1>{t('app.name')}</h1>
      <p>{t('app.tagline')}</p>
      <Loader label={t('app.loading')} />
    </main>
  );
}
