import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { type SandboxClock, systemClock } from './clock';
import { fail, header, hostOf, missingSubscriptionKey } from './provider-http';
import { type MomoSandboxOptions, SANDBOX_DEFAULTS } from './sandbox-options';
import { SandboxState, type StatusBody } from './sandbox-state';
import { memorySandboxStore } from './sandbox-store';

async function postCallback(url: string, body: StatusBody): Promise<void> {
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
}

/** One mounted emulator: its state, settings and the callbacks it still owes. */
export interface Emulator {
  readonly state: SandboxState;
  readonly clock: SandboxClock;
  readonly targetEnvironment: string;
  readonly accountCurrency: string;
  readonly openingBalance: number;
  readonly deliverCallback: (url: string, body: StatusBody) => Promise<void>;
  readonly callbackDelayMs: number;
  readonly cancellations: Set<() => void>;
  readonly log: FastifyBaseLogger;
}

/** The emulator for these options, the defaults filling what they leave out. */
export function createEmulator(options: MomoSandboxOptions, log: FastifyBaseLogger): Emulator {
  const clock = options.clock ?? systemClock;
  return {
    state: new SandboxState(options.store ?? memorySandboxStore(), clock, {
      pendingMs: options.pendingMs ?? SANDBOX_DEFAULTS.pendingMs,
      delayedSuccessMs: options.delayedSuccessMs ?? SANDBOX_DEFAULTS.delayedSuccessMs,
    }),
    clock,
    targetEnvironment: options.targetEnvironment ?? SANDBOX_DEFAULTS.targetEnvironment,
    accountCurrency: options.currency ?? SANDBOX_DEFAULTS.currency,
    openingBalance: options.openingBalance ?? SANDBOX_DEFAULTS.openingBalance,
    deliverCallback: options.deliverCallback ?? postCallback,
    callbackDelayMs: options.callbackDelayMs ?? SANDBOX_DEFAULTS.callbackDelayMs,
    cancellations: new Set(),
    log,
  };
}

/** The api user behind a collection call, or undefined once a 401 has been sent. */
export async function authenticate(
  emulator: Emulator,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | undefined> {
  const subscriptionKey = header(request, 'ocp-apim-subscription-key');
  if (!subscriptionKey) {
    missingSubscriptionKey(reply);
    return undefined;
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
  const apiUserId = bearer ? await emulator.state.authenticate(bearer, subscriptionKey) : undefined;
  if (!apiUserId) {
    fail(reply, 401, 'UNAUTHORIZED', 'Access denied due to a missing, invalid or expired access token.');
    return undefined;
  }
  return apiUserId;
}

/** Whether the call names this emulator's target environment; false once a 400 or 403 has been sent. */
export function checkTargetEnvironment(
  emulator: Emulator,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const environment = header(request, 'x-target-environment');
  if (!environment) {
    fail(reply, 400, 'BAD_REQUEST', 'X-Target-Environment header is required');
    return false;
  }
  if (environment !== emulator.targetEnvironment) {
    fail(
      reply,
      403,
      'NOT_ALLOWED_TARGET_ENVIRONMENT',
      `Target environment ${environment} is not allowed here.`,
    );
    return false;
  }
  return true;
}

/** The api user of a collection call that passed both checks, or undefined once the refusal is sent. */
export async function collectionCaller(
  emulator: Emulator,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | undefined> {
  const apiUserId = await authenticate(emulator, request, reply);
  if (!apiUserId) return undefined;
  return checkTargetEnvironment(emulator, request, reply) ? apiUserId : undefined;
}

/** A callback URL is accepted only on the host the api user registered. */
export async function isAllowedCallback(
  emulator: Emulator,
  callbackUrl: string,
  apiUserId: string,
): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const user = await emulator.state.apiUserById(apiUserId);
  return user !== undefined && hostOf(user.providerCallbackHost) === url.hostname.toLowerCase();
}

/** Posts the payment's final status to its callback URL once it settles (plus the configured delay). */
export function scheduleCallback(emulator: Emulator, referenceId: string, settlesIn: number): void {
  const cancel = emulator.clock.schedule(() => {
    emulator.cancellations.delete(cancel);
    emulator.state
      .claimCallback(referenceId)
      .then((callback) => callback && emulator.deliverCallback(callback.url, callback.body))
      .catch((error: unknown) => {
        emulator.log.warn({ err: error, referenceId }, 'momo sandbox callback not delivered');
      });
  }, settlesIn + emulator.callbackDelayMs);
  emulator.cancellations.add(cancel);
}
