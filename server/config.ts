import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PAYMENT_POLL_ROUND_MS } from '../contract/rules/payment-timing';
import type { PasswordHashingSettings } from './lib/password';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const integer = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads; server/README.md documents each one. */
const envSchema = z.object({
  PORT: integer(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  JWT_SECRET: optionalText,
  CODES_SECRET: optionalText,
  OPERATOR_TOKEN: optionalText,
  JWT_TTL: z
    .string()
    .regex(/^\d+\s*[smhdw]?$/, 'JWT_TTL must look like 3600, 30m, 12h or 7d')
    .default('7d'),
  MOMO_BASE_URL: optionalText,
  MOMO_SUBSCRIPTION_KEY: z.string().default('sandbox-subscription-key'),
  MOMO_API_USER: optionalText,
  MOMO_API_KEY: optionalText,
  MOMO_TARGET_ENVIRONMENT: z.string().default('sandbox'),
  MOMO_CURRENCY: z.string().default('XAF'),
  MOMO_SANDBOX_PENDING_MS: integer(4_000),
  MOMO_SANDBOX_DELAYED_SUCCESS_MS: integer(15_000),
  MOMO_SANDBOX_CALLBACK_DELAY_MS: integer(0),
  MOMO_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  MOMO_NOT_FOUND_GRACE_MS: integer(120_000),
  MOMO_NOT_FOUND_MIN_READS: z.coerce.number().int().positive().default(3),
  PAYMENT_RECONCILE_INTERVAL_MS: integer(30_000),
  PAYMENT_RECONCILE_AFTER_MS: integer(PAYMENT_POLL_ROUND_MS),
  ACCESS_PERIOD_DAYS: z.coerce.number().int().positive().default(365),
  NEWS_API_KEY: optionalText,
  NEWS_BASE_URL: z.string().default('https://newsapi.org/v2'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Study App <no-reply@localhost>'),
  PUBLIC_URL: optionalText,
  STATIC_DIR: z.string().default('./dist'),
  CORS_ORIGINS: z.string().default('*'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  RATE_LIMIT_ENABLED: booleanFlag(true),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  // Per client address and window, only where there is no account yet: sized for thousands of students
  // behind one address (a school, an operator's carrier-grade NAT). server/README.md "Limits" says why each.
  RATE_LIMIT_LOGIN_MAX: z.coerce.number().int().positive().default(3_000),
  RATE_LIMIT_REGISTER_MAX: z.coerce.number().int().positive().default(1_000),
  RATE_LIMIT_REGISTER_DAY_MAX: z.coerce.number().int().positive().default(5_000),
  RATE_LIMIT_FORGOT_MAX: z.coerce.number().int().positive().default(1_000),
  RATE_LIMIT_FORGOT_EMAIL_MAX: z.coerce.number().int().positive().default(3),
  // Per account and window, whatever the address.
  RATE_LIMIT_PAYMENT_MAX: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_COMMENT_MAX: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_REACTION_MAX: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_PLANNER_MAX: z.coerce.number().int().positive().default(2_000),
  RATE_LIMIT_PASSWORD_CHECK_MAX: z.coerce.number().int().positive().default(10),
  // Per account, whatever the address: free failed logins, then a delay doubling from the first one.
  RATE_LIMIT_ACCOUNT_FAILURES: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_ACCOUNT_DELAY_MS: z.coerce.number().int().positive().default(30_000),
  RATE_LIMIT_ACCOUNT_MAX_DELAY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  // argon2id: OWASP's m = 9 MiB, t = 4, the cheapest of its five equal settings measured here (README).
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).default(9_216),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(4),
  // Unset: one hash per core but one, so a core stays with the requests; the line behind them, 64 per hash.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().positive().optional(),
  PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().nonnegative().optional(),
  // Access codes (issue 20): wrong codes per account and per address, then the same growing delay.
  RATE_LIMIT_CODE_FAILURES: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_CODE_ADDRESS_FAILURES: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: z.string().default('false'),
  REDIS_URL: optionalText,
  REDIS_KEY_PREFIX: z.string().default('studycam:'),
  METRICS_TOKEN: optionalText,
  METRICS_PORT: z.coerce.number().int().nonnegative().max(65_535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 3600),
  SEED: booleanFlag(true),
  // Backups (server/README.md "Backups"): where, how often (unset: only `npm run backup`), how many kept.
  BACKUP_DIR: z.string().default('./backups'),
  BACKUP_EVERY: z
    .string()
    .regex(/^\s*(\d+\s*[smhdw]?)?\s*$/, 'BACKUP_EVERY must look like 3600, 30m, 6h or 1d (empty: off)')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().positive().default(7),
  // Writes are refused (503) below this much free space in DATA_DIR: the embedded database needs room for
  // its next 16 MB write-ahead log segment, and hangs instead of failing when it finds none.
  DISK_MIN_FREE_MB: integer(64),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.input<typeof envSchema>;

export interface RateLimitConfig {
  enabled: boolean;
  windowMs: number;
  loginMax: number;
  registerMax: number;
  registerDayMax: number;
  forgotMax: number;
  forgotEmailMax: number;
  /** Per account: payment starts, order starts and checkouts, each route its own bucket. */
  paymentMax: number;
  commentMax: number;
  /** Per account: likes, dislikes, comment likes and views together. */
  reactionMax: number;
  plannerMax: number;
  /** Per account: calls that check the password (change, account deletion). */
  passwordCheckMax: number;
  account: { freeFailures: number; delayMs: number; maxDelayMs: number };
  /** Access codes that did not work, per account and per address: free ones, then the account's delay. */
  codeAccount: { freeFailures: number; delayMs: number; maxDelayMs: number };
  codeAddress: { freeFailures: number; delayMs: number; maxDelayMs: number };
}

export interface BackupConfig {
  /** Where backups are written, scheduled or by `npm run backup`. */
  dir: string;
  /** A scheduled backup this often (embedded database); undefined: none. */
  everyMs: number | undefined;
  /** Complete backups kept in dir by the schedule (older ones are removed). */
  keep: number;
}

/** "90", "30m", "6h", "1d", "2w" in milliseconds; plain numbers are seconds. */
export function durationMs(text: string): number {
  const match = /^(\d+)\s*([smhdw]?)$/.exec(text.trim());
  if (match === null) throw new Error(`not a duration: ${text}`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 }[
    match[2] as '' | 's' | 'm' | 'h' | 'd' | 'w'
  ];
  return Number(match[1]) * unit * 1000;
}

/** Fastify's trustProxy: off, on (any hop), a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface MomoConfig {
  baseUrl: string;
  /** True when baseUrl is this server's own emulator (the default). */
  usesBuiltInSandbox: boolean;
  subscriptionKey: string;
  apiUser: string | undefined;
  apiKey: string | undefined;
  targetEnvironment: string;
  currency: string;
  /** Bound on every call to the provider. */
  timeoutMs: number;
  sandbox: { pendingMs: number; delayedSuccessMs: number; callbackDelayMs: number };
}

export interface PaymentsConfig {
  /** How often the background reconciler looks for payments left unsettled; 0 turns it off. */
  reconcileIntervalMs: number;
  /** A payment's first check by the reconciler (the app polls by itself for its first two minutes). */
  reconcileAfterMs: number;
  /**
   * The provider's "not found" settles a payment as FAILED only once it has said so at least
   * notFoundMinReads times over at least notFoundGraceMs (a restarted provider, a request on its way).
   */
  notFoundGraceMs: number;
  notFoundMinReads: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under dataDir/pglite. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtTtl: string;
  /** The key of the access codes' keyed hashes (issue 20): never in the database. */
  codesSecret: string;
  /** Bearer token of the operator routes (npm run codes). */
  operatorToken: string;
  momo: MomoConfig;
  payments: PaymentsConfig;
  accessPeriodDays: number;
  newsApiKey: string | undefined;
  newsBaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the app is reachable from students' devices; unset: the origin each request came to. */
  publicUrl: string | undefined;
  staticDir: string;
  corsOrigins: string[] | '*';
  bodyLimitBytes: number;
  rateLimit: RateLimitConfig;
  passwordHashing: PasswordHashingSettings;
  trustProxy: TrustProxy;
  /** Shared store for the rate limits of every server process; unset: in memory, per process. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** /metrics on the public port for a bearer of this token; unset: not served there. */
  metricsToken: string | undefined;
  /** A separate listener for /metrics (no token), on metricsHost; unset: none. */
  metricsPort: number | undefined;
  metricsHost: string;
  mediaUrlTtlSeconds: number;
  seed: boolean;
  backup: BackupConfig;
  /** Below this much free space in dataDir, writes answer 503 (0: no check). */
  diskMinFreeBytes: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

/**
 * A secret generated once and kept in DATA_DIR (mode 0600), so that what it signs survives a restart: the
 * JWT secret (tokens, signed media URLs), the access codes' hash key, the operator token.
 */
export function persistentSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  if (addresses.some((address) => !/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(address))) {
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY: true, false, a hop count, or comma-separated proxy addresses/CIDRs',
    );
  }
  return addresses;
}

type ParsedEnv = z.infer<typeof envSchema>;

/** Secrets and tokens that must be long enough to mean anything, and their least length. */
const MIN_LENGTHS = [
  ['JWT_SECRET', 32],
  ['METRICS_TOKEN', 16],
  ['CODES_SECRET', 32],
  ['OPERATOR_TOKEN', 32],
] as const;

/** The environment checked against the schema; an invalid value stops the start with a message naming it. */
function parseEnv(env: NodeJS.ProcessEnv | Env): ParsedEnv {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  for (const [name, length] of MIN_LENGTHS) {
    const value = parsed.data[name];
    if (value !== undefined && value.length < length) {
      throw new Error(`Invalid configuration:\n  ${name}: must be at least ${length} characters`);
    }
  }
  return parsed.data;
}

function momoConfig(e: ParsedEnv): MomoConfig {
  const builtInMomo = `http://127.0.0.1:${e.PORT}/momo-sandbox`;
  return {
    baseUrl: (e.MOMO_BASE_URL ?? builtInMomo).replace(/\/+$/, ''),
    usesBuiltInSandbox: e.MOMO_BASE_URL === undefined,
    subscriptionKey: e.MOMO_SUBSCRIPTION_KEY,
    apiUser: e.MOMO_API_USER,
    apiKey: e.MOMO_API_KEY,
    targetEnvironment: e.MOMO_TARGET_ENVIRONMENT,
    currency: e.MOMO_CURRENCY,
    timeoutMs: e.MOMO_TIMEOUT_MS,
    sandbox: {
      pendingMs: e.MOMO_SANDBOX_PENDING_MS,
      delayedSuccessMs: e.MOMO_SANDBOX_DELAYED_SUCCESS_MS,
      callbackDelayMs: e.MOMO_SANDBOX_CALLBACK_DELAY_MS,
    },
  };
}

function rateLimitConfig(e: ParsedEnv): RateLimitConfig {
  const accountDelay = {
    delayMs: e.RATE_LIMIT_ACCOUNT_DELAY_MS,
    maxDelayMs: Math.max(e.RATE_LIMIT_ACCOUNT_MAX_DELAY_MS, e.RATE_LIMIT_ACCOUNT_DELAY_MS),
  };
  return {
    enabled: e.RATE_LIMIT_ENABLED,
    windowMs: e.RATE_LIMIT_WINDOW_MS,
    loginMax: e.RATE_LIMIT_LOGIN_MAX,
    registerMax: e.RATE_LIMIT_REGISTER_MAX,
    registerDayMax: e.RATE_LIMIT_REGISTER_DAY_MAX,
    forgotMax: e.RATE_LIMIT_FORGOT_MAX,
    forgotEmailMax: e.RATE_LIMIT_FORGOT_EMAIL_MAX,
    paymentMax: e.RATE_LIMIT_PAYMENT_MAX,
    commentMax: e.RATE_LIMIT_COMMENT_MAX,
    reactionMax: e.RATE_LIMIT_REACTION_MAX,
    plannerMax: e.RATE_LIMIT_PLANNER_MAX,
    passwordCheckMax: e.RATE_LIMIT_PASSWORD_CHECK_MAX,
    account: { freeFailures: e.RATE_LIMIT_ACCOUNT_FAILURES, ...accountDelay },
    codeAccount: { freeFailures: e.RATE_LIMIT_CODE_FAILURES, ...accountDelay },
    codeAddress: { freeFailures: e.RATE_LIMIT_CODE_ADDRESS_FAILURES, ...accountDelay },
  };
}

function passwordHashingConfig(e: ParsedEnv): Config['passwordHashing'] {
  const concurrency = e.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, availableParallelism() - 1);
  return {
    memoryKib: e.ARGON2_MEMORY_KIB,
    timeCost: e.ARGON2_TIME_COST,
    concurrency,
    queueMax: e.PASSWORD_HASH_QUEUE_MAX ?? 64 * concurrency,
  };
}

function backupConfig(e: ParsedEnv): BackupConfig {
  return {
    dir: resolve(e.BACKUP_DIR),
    everyMs:
      e.BACKUP_EVERY === undefined || e.BACKUP_EVERY.trim() === '' || durationMs(e.BACKUP_EVERY) === 0
        ? undefined
        : durationMs(e.BACKUP_EVERY),
    keep: e.BACKUP_KEEP,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv | Env = process.env): Config {
  const e = parseEnv(env);
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    codesSecret: e.CODES_SECRET ?? persistentSecret(dataDir, 'codes-secret'),
    operatorToken: e.OPERATOR_TOKEN ?? persistentSecret(dataDir, 'operator-token'),
    jwtTtl: e.JWT_TTL.replace(/\s+/g, ''),
    momo: momoConfig(e),
    payments: {
      reconcileIntervalMs: e.PAYMENT_RECONCILE_INTERVAL_MS,
      reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
      notFoundGraceMs: e.MOMO_NOT_FOUND_GRACE_MS,
      notFoundMinReads: e.MOMO_NOT_FOUND_MIN_READS,
    },
    accessPeriodDays: e.ACCESS_PERIOD_DAYS,
    newsApiKey: e.NEWS_API_KEY,
    newsBaseUrl: e.NEWS_BASE_URL.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    staticDir: resolve(e.STATIC_DIR),
    corsOrigins:
      e.CORS_ORIGINS.trim() === '*'
        ? '*'
        : e.CORS_ORIGINS.split(',')
            .map((origin) => origin.trim())
            .filter(Boolean),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimit: rateLimitConfig(e),
    passwordHashing: passwordHashingConfig(e),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT === 0 ? undefined : e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    seed: e.SEED,
    backup: backupConfig(e),
    diskMinFreeBytes: e.DISK_MIN_FREE_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL,
  };
}
