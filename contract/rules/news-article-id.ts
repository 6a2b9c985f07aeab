/**
 * A news article's own id, made from the fields that say which article it is: its source, title, publication
 * time and address. The news service gives articles no id, and its address is neither unique (one page can
 * carry several headlines) nor always there, so none of these fields names an article alone.
 *
 * The server gives every article it answers this id; the app computes the same one for an article saved on
 * the device before articles had ids (src/services/content/read-articles.ts), so both name it alike: a
 * rule both sides keep, so it lives in the contract, and imports nothing.
 */
export interface ArticleIdentity {
  /** Always there from the news service; read with care all the same, as an answer kept from another backend. */
  readonly source?: { readonly name?: string | null } | null;
  readonly title?: string | null;
  readonly publishedAt?: string | null;
  readonly url?: string | null | undefined;
}

export function newsArticleId(article: ArticleIdentity): string {
  // The fields joined with a separator none of them contains, hashed with cyrb53 (a 53-bit string hash):
  // short enough for an address, and two different articles of one list never meet in practice.
  const fields = [article.source?.name, article.title, article.publishedAt, article.url];
  const text = fields.map((field) => field ?? '').join('\u0000');
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `a${hash.toString(36)}`;
}

/**
 * Articles with their ids, each once: an article keeps the id it came with (the server's), one without
 * (an answer kept from an older server, an article saved before ids) gets it computed; a second article
 * with the same id is the same article, listed twice, and is left out.
 */
export function withArticleIds<T extends ArticleIdentity & { readonly id?: string | undefined }>(
  articles: readonly T[],
): (T & { id: string })[] {
  const seen = new Set<string>();
  const out: (T & { id: string })[] = [];
  for (const article of articles) {
    const id = typeof article.id === 'string' && article.id !== '' ? article.id : newsArticleId(article);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ ...article, id });
  }
  return out;
}
