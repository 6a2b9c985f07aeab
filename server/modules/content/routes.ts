import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DependencyError, HttpError } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import { prepareJson, sendPreparedJson } from '../../lib/response-cache';
import { failures } from '../../lib/schemas';
import { BUNDLED_NEWS } from './bundled-news';
import { withArticleIds } from './news-ids';
import { listHappenings, listProducts, listScholarships } from './queries';
import {
  happeningSchema,
  idParams,
  newsQuery,
  newsResponse,
  newsServiceResponse,
  productSchema,
  scholarshipSchema,
} from './schemas';

/** Headlines are cached this long per country: fresh enough, and well inside a free news plan's quota. */
const NEWS_CACHE_MS = 10 * 60 * 1000;

/** The bundled headlines in one language, in the news service's shape, pictures made absolute. */
function bundledNews(lang: 'en' | 'fr', origin: string): z.infer<typeof newsResponse> {
  const articles = BUNDLED_NEWS[lang].map((article) => ({
    ...article,
    urlToImage: article.urlToImage === null ? null : `${origin}${article.urlToImage}`,
  }));
  return withArticleIds({ status: 'ok', totalResults: articles.length, articles });
}

/** A public list, shared by everyone and kept per origin (invalidated by the writes to it). */
const cachedList = <T>(
  app: FastifyInstance,
  name: string,
  origin: string,
  load: (origin: string) => Promise<T[]>,
) => app.responseCache.get(`content|${name}|${origin}`, () => load(origin));

/** The same list prepared once as JSON (ETag, compressed copies). */
const cachedJson = <T>(
  app: FastifyInstance,
  name: string,
  origin: string,
  load: (origin: string) => Promise<T[]>,
) =>
  app.responseCache.get(`content|${name}-json|${origin}`, async () =>
    prepareJson(await cachedList(app, name, origin, load)),
  );

/** A public list route, prepared once per origin and shared by everyone. */
function listRoute(
  app: FastifyInstance,
  path: string,
  name: string,
  item: z.ZodType,
  load: (origin: string) => Promise<unknown[]>,
  description?: string,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      schema: {
        tags: ['content'],
        ...(description === undefined ? {} : { description }),
        response: { 200: z.array(item) },
      },
    },
    async (request, reply) =>
      sendPreparedJson(request, reply, await cachedJson(app, name, publicOrigin(request), load)),
  );
}

/** One entry of a public list, by id, read from the same cached list. */
function detailRoute(
  app: FastifyInstance,
  path: string,
  name: string,
  item: z.ZodType,
  load: (origin: string) => Promise<{ _id: string }[]>,
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      path,
      { schema: { tags: ['content'], params: idParams, response: { 200: item, ...failures(400, 404) } } },
      async (request) => {
        const all = await cachedList(app, name, publicOrigin(request), load);
        const found = all.find((entry) => entry._id === request.params.id);
        if (found === undefined) throw new HttpError(404, 'notFound');
        return found;
      },
    );
}

type NewsBody = z.infer<typeof newsResponse>;

/** The news service's headlines for a country, or the last ones kept when it is down (503 without any). */
async function fetchHeadlines(
  app: FastifyInstance,
  request: FastifyRequest,
  apiKey: string,
  country: string,
  cache: Map<string, { at: number; body: NewsBody }>,
): Promise<NewsBody> {
  const cached = cache.get(country);
  if (cached !== undefined && Date.now() - cached.at < NEWS_CACHE_MS) return cached.body;
  let body: NewsBody;
  try {
    const response = await app.httpFetch(`${app.config.newsBaseUrl}/top-headlines?country=${country}`, {
      headers: { 'X-Api-Key': apiKey, Accept: 'application/json' },
      signal: AbortSignal.timeout(8_000),
    });
    if (!response.ok) throw new DependencyError(`news service answered ${response.status}`);
    body = withArticleIds(newsServiceResponse.parse(await response.json()));
  } catch (error) {
    request.log.warn({ err: error }, 'news service unavailable');
    if (cached !== undefined) return cached.body;
    throw new HttpError(503, 'newsUnavailable');
  }
  cache.set(country, { at: Date.now(), body });
  return body;
}

/** The top headlines: proxied with the server's key, or the bundled set in the asked language without one. */
function newsRoute(app: FastifyInstance): void {
  const cache = new Map<string, { at: number; body: NewsBody }>();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/news/top-headlines',
    {
      schema: {
        tags: ['content'],
        description:
          "The news service's top headlines, proxied so its API key stays on the server; without NEWS_API_KEY, a bundled set of Cameroon education news in the language `lang` asks for.",
        querystring: newsQuery,
        response: { 200: newsResponse, ...failures(400, 503) },
      },
    },
    async (request) => {
      const apiKey = app.config.newsApiKey;
      const { country, lang } = request.query;
      if (apiKey === undefined) return bundledNews(lang, publicOrigin(request));
      return fetchHeadlines(app, request, apiKey, country, cache);
    },
  );
}

const contentRoutes: FastifyPluginAsync = async (app) => {
  const happenings = (origin: string) => listHappenings(app.db, origin);
  const scholarships = (origin: string) => listScholarships(app.db, origin);
  const products = (origin: string) => listProducts(app.db, origin);
  listRoute(
    app,
    '/happenings/fetch-all',
    'happenings',
    happeningSchema,
    happenings,
    'News of the platform, newest first.',
  );
  listRoute(
    app,
    '/scholarships',
    'scholarships',
    scholarshipSchema,
    scholarships,
    'Scholarships, nearest deadline first.',
  );
  detailRoute(app, '/scholarships/:id', 'scholarships', scholarshipSchema, scholarships);
  listRoute(app, '/shop/products', 'products', productSchema, products);
  detailRoute(app, '/shop/products/:id', 'products', productSchema, products);
  newsRoute(app);
};

export default contentRoutes;
