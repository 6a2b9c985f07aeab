import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import './privacy-policy.css';

// Each section is `privacy.<id>.title` and its paragraphs `privacy.<id>.p1`, `.p2`…
const SECTIONS = [
  { id: 'account', paragraphs: 2 },
  { id: 'payments', paragraphs: 2 },
  { id: 'device', paragraphs: 2 },
  { id: 'push', paragraphs: 1 },
  { id: 'use', paragraphs: 1 },
  { id: 'sharing', paragraphs: 1 },
  { id: 'retention', paragraphs: 1 },
  { id: 'rights', paragraphs: 2 },
  { id: 'contact', paragraphs: 1 },
] as const;

export default function PrivacyPolicy() {
  const { t } = useTranslation();
  return (
    <main className="page privacy" id="main">
      <h1>{t('privacy.title')}</h1>
      <p className="hint">{t('privacy.updated')}</p>
      <p className="privacy__summary">{t('privacy.summary')}</p>
      {SECTIONS.map(({ id, paragraphs }) => (
        <section key={id} aria-labelledby={`privacy-${id}`}>
          <h2 id={`privacy-${id}`}>{t(`privacy.${id}.title`)}</h2>
          {Array.from({ length: paragraphs }, (_, i) => `privacy.${id}.p${i + 1}`).map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </section>
      ))}
      <p className="privacy__actions">
        <Link href="/delete-account">{t('privacy.deleteLink')}</Link>
      </p>
    </main>
  );
}
