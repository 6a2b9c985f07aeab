import type { Language } from '../../../contract/common';
import type { Happening, NewsArticle, Product, Scholarship } from '../../../contract/content';
import type { HealthResponse } from '../../../contract/health';
import type { LiveTvChannel } from '../../../contract/live-tv';
import { articlesOf } from './call-shapes';
import { carryDeviceCopy } from './device-copy';
import type { CallShapes } from './endpoint-shapes';
import { CALL } from './endpoint-shapes';

/** Platform news and the other screens (the project's additions to docs/product.md §7), and the server's health. */
export function contentEndpoints({ client, get, getById }: CallShapes) {
  const { read, list } = CALL;
  return {
    fetchHappenings: get<Happening[]>('happenings/fetch-all', list),
    /** docs/product.md §7's country; `lang` picks the language of the bundled set (a news service ignores it). */
    fetchNews: async (lang: Language = 'en') => {
      const answer = await client.request<NewsArticle[] | { articles?: NewsArticle[] }>({
        method: 'GET',
        path: `news/top-headlines?country=us&lang=${lang}`,
        ...list,
      });
      return carryDeviceCopy(answer, articlesOf(answer));
    },
    fetchLiveTvChannels: get<LiveTvChannel[]>('livetv/channels', list),
    fetchScholarships: get<Scholarship[]>('scholarships', list),
    fetchScholarship: getById<Scholarship>('scholarships', read),
    fetchProducts: get<Product[]>('shop/products', list),
    fetchProduct: getById<Product>('shop/products', read),
    health: get<HealthResponse>('health', read),
  };
}
