import './lib/fastify-decorations';
import { join } from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { createBackupService } from './backup/service';
import type { Config } from './config';
import { optionalStudent, requireStudent } from './lib/auth';
import { type Db, migrate, openPglite, openPostgres } from './lib/db';
import { createDiskGuard } from './lib/disk-guard';
import { errorHandler, routerErrorHandler, UNAVAILABLE_RETRY_AFTER_SECONDS } from './lib/error-handler';
import { refuseNulCharacters } from './lib/input-guards';
import { failOpen, memoryAttemptStore, redisAttemptStore } from './lib/login-throttle';
import { type Mailer, outboxMailer, smtpMailer } from './lib/mailer';
import { mediaRoots } from './lib/media-roots';
import { createMetrics, instrumentRequests, metricsRoute } from './lib/metrics';
import { belowOwaspRange, createPasswords } from './lib/password';
import { tooManyRequests } from './lib/rate-limits';
import { closeRedis, openRedis } from './lib/redis';
import { requestIdGenerator } from './lib/request-id';
import { ResponseCache } from './lib/response-cache';
import { addSecurityHeadersByKind, securityHeadersByKind } from './lib/security-headers';
import { serveStaticApp } from './lib/static-app';
import booksModule from './modules/books/routes';
import catalogueModule from './modules/catalogue/routes';
import codesApi from './modules/codes';
import codesModule from './modules/codes/routes';
import contentModule from './modules/content/routes';
import healthModule from './modules/health/routes';
import liveTvModule from './modules/live-tv/routes';
import mediaModule from './modules/media/routes';
import momoSandboxModule from './modules/momo-sandbox/routes';
import paymentsModule from './modules/payments';
import shopModule from './modules/shop/routes';
import usersApi from './modules/users';
import usersModule from './modules/users/routes';
import videosModule from './modules/videos/routes';

export interface AppOverrides {
  /** An already open database (tests: a fresh in-memory PGlite or a throwaway PostgreSQL database). */
  db?: Db;
  /** Replaces SMTP/outbox delivery (tests read the reset link from it). */
  mailer?: Mailer;
  /** fetch used for outgoing calls (news service); tests point it at a stub. */
  fetch?: typeof fetch;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * Loads the seed catalogue into an empty database when SEED is on. Handed in by whoever starts the app
   * (server/main.ts, scripts, tests): the running app itself never loads server/seed/.
   */
  seedIfEmpty?: (db: Db) => Promise<unknown>;
}

export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** Fastify itself: logging, body limit, proxy trust, request ids, the zod compilers. */
function createFastify(config: Config, overrides: AppOverrides): FastifyInstance {
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
    frameworkErrors: routerErrorHandler,
    // Per-request logs only when debugging: at info level a busy server would log every catalogue read.
    logController: new LogController({
      // The same name as in error bodies, so a student's report and the log lines match by eye.
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  return app;
}

/** The database the app runs on: the one handed in (tests), PostgreSQL with DATABASE_URL, else embedded PGlite. */
async function openDatabase(config: Config, overrides: AppOverrides): Promise<Db> {
  return (
    overrides.db ??
    (config.databaseUrl !== undefined
      ? openPostgres(config.databaseUrl)
      : await openPglite(join(config.dataDir, 'pglite')))
  );
}

/** The services every module reaches through `app` (typed in lib/fastify-decorations.ts). */
function decorateServices(
  app: FastifyInstance,
  config: Config,
  db: Db,
  overrides: AppOverrides,
  redis: Redis | undefined,
): void {
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
  app.decorate('mediaRoots', mediaRoots(config.dataDir));
  app.decorate('responseCache', new ResponseCache());
  app.decorate('metrics', createMetrics());
  app.decorate(
    'loginAttempts',
    redis === undefined
      ? memoryAttemptStore()
      : failOpen(redisAttemptStore(redis, config.redisKeyPrefix), (error) =>
          app.log.warn({ err: error }, 'login attempt not counted: Redis unavailable'),
        ),
  );
  const hashing = config.passwordHashing;
  app.decorate('passwords', createPasswords(hashing));
  if (belowOwaspRange(hashing.memoryKib, hashing.timeCost)) {
    app.log.warn(
      { memoryKib: hashing.memoryKib, timeCost: hashing.timeCost },
      'password hashing below OWASP’s argon2id settings (ARGON2_MEMORY_KIB, ARGON2_TIME_COST): for tests only',
    );
  }
  app.metrics.watchPasswordHashing(() => app.passwords.stats());
  app.decorate('httpFetch', overrides.fetch ?? fetch);
  app.decorate('authenticate', requireStudent);
  app.decorate('optionalAuth', optionalStudent);
  app.decorateRequest('student', null);
  app.decorate('diskGuard', createDiskGuard(config.dataDir, config.diskMinFreeBytes, app.log));
  app.decorate(
    'backups',
    createBackupService({
      db,
      dataDir: config.dataDir,
      config: config.backup,
      minFreeBytes: config.diskMinFreeBytes,
      log: app.log,
      registry: app.metrics.registry,
    }),
  );
}

/** What closing the app releases, in order: the backups, then the database (when it is ours), then Redis. */
function releaseOnClose(
  app: FastifyInstance,
  db: Db,
  overrides: AppOverrides,
  redis: Redis | undefined,
): void {
  app.addHook('onClose', async () => {
    // A backup under way finishes before its database closes.
    await app.backups.close();
    // An injected db belongs to whoever opened it (tests drop their database after closing the app).
    if (overrides.db === undefined) await db.close();
    if (redis !== undefined) await closeRedis(redis);
  });
}

/** The hooks every request goes through: security headers, the disk guard, NUL refusal, closing, Retry-After. */
function addRequestHooks(app: FastifyInstance, config: Config, db: Db): void {
  app.setErrorHandler(errorHandler);
  const securityHeaders = securityHeadersByKind(config.staticDir);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders.everyReply);
    reply.header('x-request-id', request.id);
    done();
  });
  // The embedded database lives in DATA_DIR: while it is full or read-only, writes answer 503 before anything
  // is written (lib/disk-guard.ts). PostgreSQL keeps its own disk, whose disk_full a write reports itself.
  if (db.kind === 'pglite') {
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
        await app.diskGuard.check();
      }
    });
  }
  // PostgreSQL text cannot hold a NUL character: refused for every route here, before any handler runs.
  app.addHook('preValidation', refuseNulCharacters);
  // Shutting down (SIGTERM): requests in flight finish, then their connections close instead of idling in
  // keep-alive, which would hold the exit until the client gives them up.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Every 429 and 503 says when to come back, whoever produced it. A document gets a document's security
  // headers, a JSON answer the few that apply to it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    addSecurityHeadersByKind(reply, securityHeaders);
    if (closing) reply.header('connection', 'close');
    if ((reply.statusCode === 429 || reply.statusCode === 503) && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(reply.statusCode === 503 ? UNAVAILABLE_RETRY_AFTER_SECONDS : 60));
    }
    done(null, payload);
  });
}

/** The shared plugins: metrics, CORS, rate limits, multipart uploads, the OpenAPI document and its page. */
async function registerPlugins(
  app: FastifyInstance,
  config: Config,
  redis: Redis | undefined,
): Promise<void> {
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
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The operator's routes (npm run codes): OPERATOR_TOKEN, or DATA_DIR/operator-token.
          operatorToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}

/** The modules, each its own plugin; payments before the shop, which uses app.payments. */
async function registerModules(app: FastifyInstance, config: Config): Promise<void> {
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
  // What the users and codes modules offer the others (app.users, app.codes), before payments uses them.
  await app.register(usersApi);
  await app.register(codesApi);
  await app.register(paymentsModule);
  // Shop orders are payments whose line is a product: the shop uses app.payments, decorated just above.
  await app.register(shopModule);
  await app.register(codesModule);
  await app.register(import('./modules/planner/routes'));
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = createFastify(config, overrides);
  const db = await openDatabase(config, overrides);
  // REDIS_URL: the rate limits of every server process in one place; unset: in this process's memory.
  const redis = config.redisUrl === undefined ? undefined : await openRedis(config.redisUrl, app.log);
  decorateServices(app, config, db, overrides, redis);
  releaseOnClose(app, db, overrides, redis);
  // Several processes may start together on one empty database: migrate() and seedIfEmpty() take the
  // schema lock, so each migration and the seed happen once.
  await migrate(db);
  if (config.seed && overrides.seedIfEmpty !== undefined) await overrides.seedIfEmpty(db);
  if (db.kind === 'postgres') {
    // Several processes may serve this database: they share the invalidations of their cached lists.
    const stopSharing = await app.responseCache.share(db, (error) =>
      app.log.warn({ err: error }, 'cache invalidation could not be sent to the other processes'),
    );
    app.addHook('onClose', stopSharing);
  }
  addRequestHooks(app, config, db);
  await registerPlugins(app, config, redis);
  await registerModules(app, config);
  await serveStaticApp(app, config.staticDir);
  return app;
}
