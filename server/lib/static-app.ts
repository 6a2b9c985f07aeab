import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiRoot } from '../../contract/rules/api-roots';
import type { Language } from '../../contract/rules/language';
import { sendAppPage } from './app-page';
import { dictionaryFile, dictionaryVersions } from './dictionary-version';
import { sendError } from './error-handler';
import { t } from './i18n';

function isApiPath(url: string): boolean {
  const first = url.split('?')[0]?.split('/')[1] ?? '';
  return isApiRoot(first);
}

/** How long a browser keeps the app's icons without asking again: a day. */
const ICON_MAX_AGE_S = 86_400;

/**
 * The built app (STATIC_DIR) at / and for every page URL, and the JSON 404 of an unknown API path. Without a
 * build the API still runs and a page URL says the app is not built.
 */
export async function serveStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const appBuilt = existsSync(join(staticDir, 'index.html'));
  if (appBuilt) {
    // Each built dictionary's current version, by its file's path. Read once: a deploy is a restart.
    const dictionaries = new Map(
      Object.entries(dictionaryVersions(staticDir)).map(([lang, version]) => [
        dictionaryFile(staticDir, lang as Language),
        version,
      ]),
    );
    // A dictionary asked for under its current version (src/services/dictionaries.ts) is that version for good;
    // without it, or under another (a page from before a deploy), it is the current text and must be asked again.
    const isCurrentDictionary = (path: string, url: string) => {
      const version = dictionaries.get(path.replace(/\.(br|gz)$/, ''));
      return version !== undefined && new URLSearchParams(url.split('?')[1] ?? '').get('v') === version;
    };
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      // The page itself is sent in the student's language (below and in the not-found handler).
      index: false,
      // The build writes .br/.gz next to each text file (scripts/precompress.ts): no compression per request.
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed build assets never change; the page and the service worker must be revalidated.
        if (
          /[\\/]assets[\\/].+-[\w-]{8,}\.\w+(\.(br|gz))?$/.test(path) ||
          isCurrentDictionary(path, reply.request.url)
        ) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/[\\/]icons[\\/][^\\/]+\.png$/.test(path)) {
          // The app's icons (the navbar's logo, the favicon) keep their names across deploys and almost never
          // change: a day without asking again, where each page drew the logo up to four times, each a round
          // trip on a slow link (issue 19's traces).
          reply.header('cache-control', `public, max-age=${ICON_MAX_AGE_S}`);
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    app.get('/', { schema: { hide: true } }, (request, reply) => sendAppPage(staticDir, request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && appBuilt) {
      // Hash routing: any page URL is the app; the client router takes it from there.
      return sendAppPage(staticDir, request, reply);
    }
    if (wantsPage) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Study app</title><p>${t(request, 'appNotBuilt')}</p>`,
        );
    }
    return sendError(
      reply,
      404,
      t(request, 'routeNotFound', { method: request.method, path: request.url.split('?')[0] ?? '' }),
    );
  });
}
