export type NewsTab = 'headlines' | 'happenings';

/**
 * The news screen's own address: a tab, and the article open in it. Always with a `?`: the hash router keeps
 * the current query when an address has none, which would keep the article open.
 */
export const newsHref = (tab: NewsTab, open?: string) => {
  const query = new URLSearchParams();
  if (tab === 'happenings') query.set('tab', tab);
  if (open) query.set(tab === 'happenings' ? 'happening' : 'article', open);
  return `/news?${query.toString()}`;
};
