import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection shared by the rate limits of every server process (REDIS_URL). Commands fail at once
 * while the connection is down (no offline queue, one retry) so that a request never waits on Redis; the
 * client reconnects by itself. The start fails with a clear message when Redis cannot be reached at all.
 */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    commandTimeout: 2_000,
  });
  let lastLogged = 0;
  redis.on('error', (error: Error) => {
    // A dead Redis reports every reconnection attempt: once a minute in the log is enough.
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    log.warn({ err: error }, 'Redis unavailable: rate limits are not enforced until it is back');
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const where = new URL(url).host;
    throw new Error(`Could not connect to Redis at ${where} (REDIS_URL): ${(error as Error).message}`);
  }
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
