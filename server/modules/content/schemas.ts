import { z } from 'zod';
import { newsArticleSchema } from '../../../contract/content';

export {
  happeningSchema,
  idParams,
  newsQuery,
  newsResponse,
  productSchema,
  scholarshipSchema,
} from '../../../contract/content';

/**
 * The news service's answer, as it publishes it: its articles have no id, and an article's `url` may be
 * missing (the server's own, not the app's: the app gets `newsResponse`).
 */
export const newsServiceResponse = z.object({
  status: z.string(),
  totalResults: z.number().int(),
  articles: z.array(newsArticleSchema.omit({ id: true }).extend({ url: z.string().nullish() })),
});
export type NewsServiceResponse = z.infer<typeof newsServiceResponse>;
