import { useTranslation } from 'react-i18next';
import type { RouteParams } from '../../app/route-params';
import { TabLinks } from '../../ui/TabLinks';
import { Overview } from './Overview';
import { Transactions } from './Transactions';
import './dashboard.css';

export const OVERVIEW_PATH = '/dashboard';
export const TRANSACTIONS_PATH = '/dashboard/tabs/transactions';

/** dashboard and dashboard/tabs/transactions: one screen, the route picks the tab. */
export default function Dashboard({ titleKey }: { params: RouteParams; titleKey: string }) {
  const { t } = useTranslation();
  const current = titleKey === 'transactions' ? TRANSACTIONS_PATH : OVERVIEW_PATH;
  return (
    <main className="page dashboard" id="main">
      <h1>{t('routes.dashboard')}</h1>
      <TabLinks
        label={t('dashboard.tabsLabel')}
        current={current}
        tabs={[
          { href: OVERVIEW_PATH, label: t('dashboard.overview') },
          { href: TRANSACTIONS_PATH, label: t('dashboard.transactions') },
        ]}
      />
      {current === TRANSACTIONS_PATH ? <Transactions /> : <Overview />}
    </main>
  );
}
