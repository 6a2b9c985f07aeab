import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/**
 * "I have a code" (issue 20): the way in for a student with a printed card or a class code instead of Mobile
 * Money. A link to the redeem screen, or a button when the caller must do something first (close the cart).
 */
export function HaveCodeLink({ onOpen, block = false }: { onOpen?: () => void; block?: boolean }) {
  const { t } = useTranslation();
  const className = `btn btn--secondary${block ? ' btn--block' : ''}`;
  return onOpen ? (
    <button type="button" className={className} onClick={onOpen}>
      {t('redeem.haveCode')}
    </button>
  ) : (
    <Link href="/redeem" className={className}>
      {t('redeem.haveCode')}
    </Link>
  );
}
