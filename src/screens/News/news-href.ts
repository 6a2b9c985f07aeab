export type NewsTab = 'headlines' | 'happenings';

/** The news screen's own address: a tab, and the article open in it. */
export const newsHref = (tab: NewsTab, open?: string) => {
  const query = new URLSearchParams();
  if (tab === 'happenings') query.set('tab', tab);
  if (open) query.set(tab === 'happenings' ? 'happening' : 'article', open);
  const text = query.toString();
  return text ? `/news?${text}` : '/news';
};
