import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function Footer({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="page" style={{ color: 'var(--c-text-muted)', fontSize: 'var(--fs-sm)' }}>
      <p>
        {t('footer.rights', { year })} · <Link href="/privacy-policy">{t('footer.privacy')}</Link> ·{' '}
        <Link href="/footer">{t('about.link')}</Link>
      </p>
    </footer>
  );
}
