import './lib/fastify-decorations';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { inlineScriptHashes, sendAppPage } from './lib/app-page';
import { optionalStudent, requireStudent } from './lib/auth';
import { type Db, migrate, openPglite, openPostgres } from './lib/db';
import { HttpError, isBadInputError, isUnavailableError } from './lib/errors';
import { t } from './lib/i18n';
import { refuseNulCharacters } from './lib/input-guards';
import { failOpen, memoryAttemptStore, redisAttemptStore } from './lib/login-throttle';
import { type Mailer, outboxMailer, smtpMailer } from './lib/mailer';
import { createMetrics, instrumentRequests, metricsRoute } from './lib/metrics';
import { tooManyRequests } from './lib/rate-limits';
import { closeRedis, openRedis } from './lib/redis';
import { requestIdGenerator } from './lib/request-id';
import { ResponseCache } from './lib/response-cache';
import { securityHeaders } from './lib/security-headers';
import booksModule from './modules/books/routes';
import catalogueModule from './modules/catalogue/routes';
import contentModule from './modules/content/routes';
import healthModule from './modules/health/routes';
import liveTvModule from './modules/live-tv/routes';
import mediaModule from './modules/media/routes';
import momoSandboxModule from './modules/momo-sandbox/index';
import paymentsModule from './modules/payments/index';
import usersModule from './modules/users/routes';
import videosModule from './modules/videos/routes';
import { seedIfEmpty } from './seed/seed';

export interface AppOverrides {
  /** An already open database (tests: a fresh in-memory PGlite or a throwaway PostgreSQL database). */
  db?: Db;
  /** Replaces SMTP/outbox delivery (tests read the reset link from it). */
  mailer?: Mailer;
  /** fetch used for outgoing calls (news service); tests point it at a stub. */
  fetch?: typeof fetch;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/**
 * First path segments that belong to the API (and its docs and emulator): an unknown path under one of
 * them is a JSON 404, never the app's index.html.
 */
export const API_ROOTS = new Set([
  'users',
  'forgot',
  'reset',
  'transactions',
  'payments',
  'happenings',
  'videos',
  'subjects',
  'books',
  'news',
  'livetv',
  'scholarships',
  'shop',
  'planner',
  'media',
  'health',
  'docs',
  'momo-sandbox',
]);

function isApiPath(url: string): boolean {
  const first = url.split('?')[0]?.split('/')[1] ?? '';
  return API_ROOTS.has(first);
}

/** Seconds a client is asked to wait (Retry-After) when the database or a provider is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Every failure body: the request id lets a student's report be matched with the server's log lines. */
function sendError(reply: FastifyReply, status: number, msg: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ success: false, msg, requestId: reply.request.id });
}

function validationField(error: FastifyError): { field: string; missing: boolean } {
  const first = error.validation?.[0];
  const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missingProperty = (first?.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  if (typeof missingProperty === 'string') return { field: missingProperty, missing: true };
  const missing = typeof first?.message === 'string' && first.message.includes('received undefined');
  return { field: path === '' ? (error.validationContext ?? 'body') : path, missing };
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(overrides.logStream ? { stream: overrides.logStream } : {}) },
    bodyLimit: config.bodyLimitBytes,
    // Behind a reverse proxy (TRUST_PROXY), request.ip is the client's address from X-Forwarded-For.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (() => {
            const hops = config.trustProxy;
            return (_address: string, hop: number) => hop < hops;
          })()
        : config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    // What the router refuses before any route or hook runs: a malformed or overlong path segment.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, t(request, 'tooLarge'));
      return sendError(reply, 400, t(request, 'invalidField', { field: 'path' }));
    },
    // Per-request logs only when debugging: at info level a busy server would log every catalogue read.
    logController: new LogController({
      // The same name as in error bodies, so a student's report and the log lines match by eye.
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db =
    overrides.db ??
    (config.databaseUrl !== undefined
      ? openPostgres(config.databaseUrl)
      : await openPglite(join(config.dataDir, 'pglite')));
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate(
    'mailer',
    overrides.mailer ??
      (config.smtpUrl !== undefined
        ? smtpMailer(config.smtpUrl, config.mailFrom)
        : outboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, (file, mail) =>
            app.log.info({ file, to: mail.to, text: mail.text }, 'mail written to the outbox (no SMTP_URL)'),
          )),
  );
  app.decorate('responseCache', new ResponseCache());
  app.decorate('metrics', createMetrics());
  // REDIS_URL: the rate limits of every server process in one place; unset: in this process's memory.
  const redis = config.redisUrl === undefined ? undefined : await openRedis(config.redisUrl, app.log);
  app.decorate(
    'loginAttempts',
    redis === undefined
      ? memoryAttemptStore()
      : failOpen(redisAttemptStore(redis, config.redisKeyPrefix), (error) =>
          app.log.warn({ err: error }, 'login attempt not counted: Redis unavailable'),
        ),
  );
  app.decorate('httpFetch', overrides.fetch ?? fetch);
  app.decorate('authenticate', requireStudent);
  app.decorate('optionalAuth', optionalStudent);
  app.decorateRequest('student', null);
  app.addHook('onClose', async () => {
    // An injected db belongs to whoever opened it (tests drop their database after closing the app).
    if (overrides.db === undefined) await db.close();
    if (redis !== undefined) await closeRedis(redis);
  });

  // Several processes may start together on one empty database: migrate() and seedIfEmpty() take the
  // schema lock, so each migration and the seed happen once.
  await migrate(db);
  if (config.seed) await seedIfEmpty(db);
  if (db.kind === 'postgres') {
    // Several processes may serve this database: they share the invalidations of their cached lists.
    const stopSharing = await app.responseCache.share(db, (error) =>
      app.log.warn({ err: error }, 'cache invalidation could not be sent to the other processes'),
    );
    app.addHook('onClose', stopSharing);
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.statusCode, t(request, error.messageKey, error.params));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation !== undefined) {
      const { field, missing } = validationField(error);
      return sendError(reply, 400, t(request, missing ? 'missingField' : 'invalidField', { field }));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, t(request, 'tooLarge'));
      case 'FST_REQ_FILE_TOO_LARGE':
        return sendError(reply, 413, t(request, 'fileTooLarge'));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendError(reply, 400, t(request, 'invalidJson'));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, t(request, 'missingField', { field: 'body' }));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendError(reply, 415, t(request, 'unsupportedMediaType'));
    }
    if (isUnavailableError(error)) {
      request.log.warn({ err: error }, 'dependency unavailable');
      if (error.name !== 'DependencyError') app.metrics.databaseUnavailable.inc();
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, t(request, 'dependencyDown'));
    }
    if (isBadInputError(error)) {
      request.log.warn({ err: error }, 'input refused by the database that validation let through');
      return sendError(reply, 400, t(request, 'invalidField', { field: 'body' }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key =
        { 401: 'unauthorized', 403: 'forbidden', 404: 'notFound', 413: 'tooLarge', 429: 'rateLimited' }[
          status
        ] ?? 'invalidField';
      if (status === 429) {
        const fallback = tooManyRequests(60_000);
        reply.headers(fallback.headers);
        return sendError(reply, 429, t(request, fallback.messageKey, fallback.params));
      }
      return sendError(reply, status, t(request, key, { field: 'body' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, t(request, 'serverError'));
  });

  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The prerendered page's first-screen script, by its hash (server/lib/app-page.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes(config.staticDir)],
        // React sets style attributes; Vite may inline critical CSS.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // News pictures come from the news sites themselves.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The native shell (capacitor://localhost) and other origins load media and pictures from here.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
  // PostgreSQL text cannot hold a NUL character: refused for every route here, before any handler runs.
  app.addHook('preValidation', refuseNulCharacters);
  // Shutting down (SIGTERM): requests in flight finish, then their connections close instead of idling in
  // keep-alive, which would hold the exit until the client gives them up.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Every 429 and 503 says when to come back, whoever produced it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    if ((reply.statusCode === 429 || reply.statusCode === 503) && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(reply.statusCode === 503 ? UNAVAILABLE_RETRY_AFTER_SECONDS : 60));
    }
    done(null, payload);
  });
  instrumentRequests(app);
  await app.register(cors, {
    origin: config.corsOrigins === '*' ? true : config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'Range'],
    exposedHeaders: ['Retry-After', 'Content-Range', 'Accept-Ranges', 'Content-Length', 'X-Request-Id'],
    maxAge: 86_400,
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis === undefined
      ? {}
      : // A Redis outage must not lock students out: the limits pause (logged by openRedis) until it is back.
        { redis, nameSpace: `${config.redisKeyPrefix}rl:`, skipOnError: true }),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Study app API',
        description:
          'Reference server of the bilingual study app. Every failure is `{success: false, msg}` with `msg` in the language of Accept-Language (en or fr).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(usersModule);
  await app.register(catalogueModule);
  await app.register(booksModule);
  await app.register(videosModule);
  await app.register(contentModule);
  await app.register(liveTvModule);
  await app.register(mediaModule);
  await app.register(healthModule);
  if (config.metricsToken !== undefined) metricsRoute(app, config.metricsToken);
  // The emulator registers itself only while MOMO_BASE_URL is left to the built-in default.
  await app.register(momoSandboxModule);
  await app.register(paymentsModule);
  await app.register(import('./modules/planner/routes'));

  const appBuilt = existsSync(join(config.staticDir, 'index.html'));
  if (appBuilt) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: true,
      // The page itself is sent in the student's language (below and in the not-found handler).
      index: false,
      // The build writes .br/.gz next to each text file (scripts/precompress.ts): no compression per request.
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed build assets never change; the page and the service worker must be revalidated.
        if (/[\\/]assets[\\/].+-[\w-]{8,}\.\w+(\.(br|gz))?$/.test(path)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      sendAppPage(config.staticDir, request, reply),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && appBuilt) {
      // Hash routing: any page URL is the app; the client router takes it from there.
      return sendAppPage(config.staticDir, request, reply);
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

  return app;
}
