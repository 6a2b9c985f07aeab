import { useTranslation } from 'react-i18next';
import type { RouteParams } from '../app/routes';

/** The screen of a route whose content is not built yet: its title and an honest note, nothing more. */
export default function TitleOnly({ params, titleKey }: { params: RouteParams; titleKey: string }) {
  const { t } = useTranslation();
  return (
    <main className="page" id="main">
      <h1>{t(`routes.${titleKey}`, params)}</h1>
      <p>{t('common.comingLater')}</p>
    </main>
  );
}
