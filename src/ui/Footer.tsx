import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function Footer({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="page app-footer">
      <p>
        {t('footer.rights', { year })} · <Link href="/privacy-policy">{t('footer.privacy')}</Link>
      </p>
    </footer>
  );
}
