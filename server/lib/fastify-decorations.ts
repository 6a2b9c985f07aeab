import type { BackupService } from '../backup/service';
import type { Config } from '../config';
import type { AuthenticatedStudent } from './auth';
import type { Db } from './db';
import type { DiskGuard } from './disk-guard';
import type { AttemptStore } from './login-throttle';
import type { Mailer } from './mailer';
import type { MediaRoots } from './media-roots';
import type { Metrics } from './metrics';
import type { CodesApi, UsersApi } from './module-apis';
import type { Passwords } from './password';
import type { PaymentsApi } from './payments-api';
import type { ResponseCache } from './response-cache';

// What buildApp() adds to Fastify, typed for every module (payments included).
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** Public catalogue responses, serialised once; call invalidate() after a catalogue write. */
    responseCache: ResponseCache;
    /** fetch for outgoing calls; buildApp's overrides.fetch replaces it in tests. */
    httpFetch: typeof fetch;
    /** Prometheus metrics (lib/metrics.ts): modules count what they do, e.g. metrics.paymentsByStatus. */
    metrics: Metrics;
    /** Login attempts per account (lib/login-throttle.ts): in memory, or in Redis with REDIS_URL. */
    loginAttempts: AttemptStore;
    /** argon2id behind the hashing queue (lib/password.ts): 503 `hashingBusy` when the line is full. */
    passwords: Passwords;
    /** Backups (server/backup/): made now, scheduled, and the last one's time and size. */
    backups: BackupService;
    /** The folders /media/<folder>/ files are served from (lib/media-roots.ts), imported lessons first. */
    mediaRoots: MediaRoots;
    /** The payments module's offer to the shop (lib/payments-api.ts): orders started, read and settled. */
    payments: PaymentsApi;
    /** The users module's offer to the others (lib/module-apis.ts). */
    users: UsersApi;
    /** The codes module's offer to the others (lib/module-apis.ts). */
    codes: CodesApi;
    /** Whether DATA_DIR can take a write (lib/disk-guard.ts). */
    diskGuard: DiskGuard;
    /** preHandler: 401 unless a valid, unrevoked bearer token is sent; sets request.student. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets request.student when a valid token is sent; anonymous otherwise. */
    optionalAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by authenticate/optionalAuth; null for an anonymous request. */
    student: AuthenticatedStudent | null;
  }
}
