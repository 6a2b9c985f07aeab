import { Link } from 'wouter';
import './chips.css';

export interface TabLink {
  href: string;
  label: string;
}

/** Tabs that are routes (e.g. dashboard/tabs/transactions): links, the current one marked for assistive tech. */
export function TabLinks({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: readonly TabLink[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="tab-links">
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          className="tab-links__tab"
          aria-current={tab.href === current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
