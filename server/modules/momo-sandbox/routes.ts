import type { FastifyPluginAsync } from 'fastify';
import { momoSandboxRoutes } from './emulator-routes';
import type { MomoSandboxOptions } from './sandbox-options';
import { databaseSandboxStore } from './sandbox-store';

export { ManualClock, type SandboxClock, systemClock } from './clock';
export { momoSandboxRoutes } from './emulator-routes';
export { type MomoSandboxOptions, SANDBOX_DEFAULTS } from './sandbox-options';
export type { StatusBody } from './sandbox-state';
export { databaseSandboxStore, memorySandboxStore, type SandboxStore } from './sandbox-store';
export { TEST_PAYERS, testPayerNumber } from './test-payers';

export const SANDBOX_PREFIX = '/momo-sandbox';

/**
 * The module as the core registers it: mounted under /momo-sandbox (whether or not the core passes
 * that prefix) with the MOMO_SANDBOX_* timings, and only while MOMO_BASE_URL is left to the built-in
 * emulator, so a server wired to the real provider exposes no fake payment API.
 */
const momoSandboxModule: FastifyPluginAsync<MomoSandboxOptions> = async (fastify, registration) => {
  // Fastify hands the registration's own prefix to the plugin too; it must not be applied twice.
  const { prefix: _alreadyApplied, ...options } = registration as MomoSandboxOptions & { prefix?: string };
  const momo = fastify.hasDecorator('config') ? fastify.config.momo : undefined;
  if (momo && !momo.usesBuiltInSandbox) return;
  const settings: MomoSandboxOptions = {
    // In the server, the emulator's state lives in the database: it survives restarts and is shared by
    // every server process on it.
    ...(fastify.hasDecorator('db') ? { store: databaseSandboxStore(fastify.db) } : {}),
    ...(momo
      ? {
          pendingMs: momo.sandbox.pendingMs,
          delayedSuccessMs: momo.sandbox.delayedSuccessMs,
          callbackDelayMs: momo.sandbox.callbackDelayMs,
          currency: momo.currency,
        }
      : {}),
    ...options,
  };
  if (fastify.prefix.endsWith(SANDBOX_PREFIX)) await fastify.register(momoSandboxRoutes, settings);
  else await fastify.register(momoSandboxRoutes, { ...settings, prefix: SANDBOX_PREFIX });
};

export default momoSandboxModule;
