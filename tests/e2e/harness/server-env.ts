import { createServer } from 'node:net';

/**
 * The server's configuration for the journeys: the production defaults except for what a test run needs
 * to be fast and repeatable. Every value here is an ordinary environment variable of server/config.ts.
 */
export const E2E_MOMO = {
  /** An ordinary payer: SUCCESSFUL before the app's first status check (3 s after the request). */
  pendingMs: 500,
  /**
   * The slow-approving test payer 46733123454: still PENDING at the first check (3 s), SUCCESSFUL before
   * the fourth (9 s), so the journey sees the app poll again every 2 s.
   */
  delayedSuccessMs: 6_000,
} as const;

export function e2eServerEnv(options: {
  port: number;
  dataDir: string;
  staticDir: string;
}): Record<string, string> {
  return {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    STATIC_DIR: options.staticDir,
    LOG_LEVEL: 'warn',
    MOMO_SANDBOX_PENDING_MS: String(E2E_MOMO.pendingMs),
    MOMO_SANDBOX_DELAYED_SUCCESS_MS: String(E2E_MOMO.delayedSuccessMs),
    // Every journey registers and logs in from the same address: production limits would refuse the run.
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_REGISTER_DAY_MAX: '1000',
    RATE_LIMIT_FORGOT_MAX: '1000',
    RATE_LIMIT_FORGOT_EMAIL_MAX: '1000',
    RATE_LIMIT_PAYMENT_MAX: '1000',
    // argon2id far below production cost, as in the server suite (CHEAP_PASSWORD_HASHING there): each journey
    // registers and signs in its own students, and no journey checks the cost (password-hashing.test.ts does).
    ARGON2_MEMORY_KIB: '256',
    ARGON2_TIME_COST: '1',
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until GET /health answers 200, or fails with what the server said on its way down. */
export async function waitForHealth(baseUrl: string, timeoutMs: number, describeFailure: () => string) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastError = `health answered ${response.status}`;
    } catch (error) {
      lastError = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${baseUrl} did not become healthy (${lastError}).\n${describeFailure()}`);
}
