/** A paged list's answer, whatever the items are called (issue 12: videos/page, books/filtered-books). */
export interface ListPage {
  nextCursor: string | null;
  total: number;
}

export interface PagesRead<T, P = unknown> {
  /** The first page as it came: what a list says once for all its pages (videos/page's counts). */
  first: P;
  items: T[];
  /** Items matching the filter, read or not. */
  total: number;
  hasMore: boolean;
}

/**
 * The items of the first `pages` pages of a list, read one after the other (each page's cursor comes with
 * the page before). The API client keeps every page for the session, so asking for one page more
 * downloads that page only.
 */
export async function readPages<P extends ListPage, T>(
  pages: number,
  fetchPage: (cursor: string | undefined) => Promise<P>,
  itemsOf: (page: P) => readonly T[],
): Promise<PagesRead<T, P>> {
  const first = await fetchPage(undefined);
  let page = first;
  const items = [...itemsOf(page)];
  for (let read = 1; read < pages && page.nextCursor !== null; read += 1) {
    page = await fetchPage(page.nextCursor);
    items.push(...itemsOf(page));
  }
  return { first, items, total: page.total, hasMore: page.nextCursor !== null };
}
