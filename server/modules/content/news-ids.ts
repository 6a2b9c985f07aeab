import type { z } from 'zod';
import { withArticleIds as identified } from '../../../contract/rules/news-article-id';
import type { NewsServiceResponse, newsResponse } from './schemas';

type NewsResponse = z.infer<typeof newsResponse>;

/**
 * The news service's answer with an id on every article, each article once. The service can list one
 * article twice, or several under the same address (a front page), so the id comes from the article's
 * fields; an article whose fields are all those of one before it is that article again, and is left out.
 */
export function withArticleIds(body: NewsServiceResponse): NewsResponse {
  const articles = identified(body.articles).map((article) => ({ ...article, url: article.url || null }));
  const repeated = body.articles.length - articles.length;
  return {
    status: body.status,
    totalResults: Math.max(articles.length, body.totalResults - repeated),
    articles,
  };
}
