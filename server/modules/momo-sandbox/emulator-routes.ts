// The swagger plugin's schema keywords (tags, summary, hide) document these routes.
import type {} from '@fastify/swagger';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { systemClock } from './clock';
import {
  acceptEmptyJsonBodies,
  basicCredentials,
  describeIssues,
  fail,
  header,
  hostOf,
  missingSubscriptionKey,
  UUID_V4,
} from './provider-http';
import { type MomoSandboxOptions, SANDBOX_DEFAULTS } from './sandbox-options';
import { type RequestToPayBody, SandboxState, type StatusBody } from './sandbox-state';
import { memorySandboxStore } from './sandbox-store';
import { apiUserBody, requestToPayBody, sandboxResponses } from './schemas';
import { testPayerNumber } from './test-payers';

async function postCallback(url: string, body: StatusBody): Promise<void> {
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
}

/**
 * An emulator of the mobile money provider's collection API and of its sandbox provisioning calls,
 * mounted by the core under `/momo-sandbox`, so the app runs and is tested with no account and no
 * network. Mounted in the server, its state (api users, tokens, payments) lives in the server's database:
 * a restart, or another server process on the same database, sees every payment, as the real provider
 * would. Stand-alone (no store given) it keeps its state in memory. The routes are relative to wherever
 * they are registered (tests mount them on their own app).
 */
export const momoSandboxRoutes: FastifyPluginAsync<MomoSandboxOptions> = async (fastify, options) => {
  const clock = options.clock ?? systemClock;
  const targetEnvironment = options.targetEnvironment ?? SANDBOX_DEFAULTS.targetEnvironment;
  const accountCurrency = options.currency ?? SANDBOX_DEFAULTS.currency;
  const openingBalance = options.openingBalance ?? SANDBOX_DEFAULTS.openingBalance;
  const deliverCallback = options.deliverCallback ?? postCallback;
  const callbackDelayMs = options.callbackDelayMs ?? SANDBOX_DEFAULTS.callbackDelayMs;
  const state = new SandboxState(options.store ?? memorySandboxStore(), clock, {
    pendingMs: options.pendingMs ?? SANDBOX_DEFAULTS.pendingMs,
    delayedSuccessMs: options.delayedSuccessMs ?? SANDBOX_DEFAULTS.delayedSuccessMs,
  });
  const cancellations = new Set<() => void>();
  fastify.addHook('onClose', async () => {
    for (const cancel of cancellations) cancel();
    cancellations.clear();
  });

  acceptEmptyJsonBodies(fastify);
  // The documented answers are zod schemas, whichever app mounts the emulator (tests mount a bare one).
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'momo sandbox failure');
    return fail(
      reply,
      status,
      status === 500 ? 'INTERNAL_PROCESSING_ERROR' : 'BAD_REQUEST',
      status === 500 ? 'Internal error' : error.message,
    );
  });

  const schema = (summary: string, response: Record<number, unknown>) => ({
    tags: ['momo-sandbox'],
    summary,
    response,
  });

  // Provisioning, as the sandbox's "api user" calls: any non-empty subscription key is accepted
  // and the new api user is bound to it.
  fastify.post(
    '/v1_0/apiuser',
    { schema: schema('Sandbox: create an api user', sandboxResponses.createApiUser) },
    async (request, reply) => {
      const subscriptionKey = header(request, 'ocp-apim-subscription-key');
      if (!subscriptionKey) return missingSubscriptionKey(reply);
      const referenceId = header(request, 'x-reference-id');
      if (!referenceId || !UUID_V4.test(referenceId)) {
        return fail(reply, 400, 'BAD_REQUEST', 'X-Reference-Id must be a UUID version 4');
      }
      const body = apiUserBody.safeParse(request.body ?? {});
      if (!body.success) return fail(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
      if (!(await state.createApiUser(referenceId, subscriptionKey, body.data.providerCallbackHost))) {
        return fail(
          reply,
          409,
          'RESOURCE_ALREADY_EXIST',
          'Duplicated reference id. Creation of resource failed.',
        );
      }
      return reply.code(201).send();
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/v1_0/apiuser/:id',
    { schema: schema('Sandbox: read an api user', sandboxResponses.readApiUser) },
    async (request, reply) => {
      const subscriptionKey = header(request, 'ocp-apim-subscription-key');
      if (!subscriptionKey) return missingSubscriptionKey(reply);
      const user = await state.apiUser(request.params.id, subscriptionKey);
      if (!user) return fail(reply, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      return { providerCallbackHost: user.providerCallbackHost, targetEnvironment };
    },
  );

  fastify.post<{ Params: { id: string } }>(
    '/v1_0/apiuser/:id/apikey',
    { schema: schema('Sandbox: create an api key', sandboxResponses.createApiKey) },
    async (request, reply) => {
      const subscriptionKey = header(request, 'ocp-apim-subscription-key');
      if (!subscriptionKey) return missingSubscriptionKey(reply);
      const apiKey = await state.createApiKey(request.params.id, subscriptionKey);
      if (!apiKey) return fail(reply, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      return reply.code(201).send({ apiKey });
    },
  );

  const issueToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const subscriptionKey = header(request, 'ocp-apim-subscription-key');
    if (!subscriptionKey) return missingSubscriptionKey(reply);
    const credentials = basicCredentials(header(request, 'authorization'));
    const token =
      credentials && (await state.issueToken(credentials.user, credentials.password, subscriptionKey));
    if (!token) return fail(reply, 401, 'UNAUTHORIZED', 'Invalid api user, api key or subscription key.');
    return { access_token: token.accessToken, token_type: 'access_token', expires_in: token.expiresIn };
  };
  // The provider documents the path with a trailing slash; clients in the wild use both.
  fastify.post(
    '/collection/token/',
    { schema: schema('Sandbox: get an access token', sandboxResponses.token) },
    issueToken,
  );
  fastify.post(
    '/collection/token',
    { schema: { ...schema('Sandbox: get an access token', sandboxResponses.token), hide: true } },
    issueToken,
  );

  /** The api user behind a collection call, or undefined once a 401 has been sent. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> => {
    const subscriptionKey = header(request, 'ocp-apim-subscription-key');
    if (!subscriptionKey) {
      missingSubscriptionKey(reply);
      return undefined;
    }
    const bearer = /^Bearer\s+(.+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
    const apiUserId = bearer ? await state.authenticate(bearer, subscriptionKey) : undefined;
    if (!apiUserId) {
      fail(reply, 401, 'UNAUTHORIZED', 'Access denied due to a missing, invalid or expired access token.');
      return undefined;
    }
    return apiUserId;
  };

  const checkTargetEnvironment = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const environment = header(request, 'x-target-environment');
    if (!environment) {
      fail(reply, 400, 'BAD_REQUEST', 'X-Target-Environment header is required');
      return false;
    }
    if (environment !== targetEnvironment) {
      fail(
        reply,
        403,
        'NOT_ALLOWED_TARGET_ENVIRONMENT',
        `Target environment ${environment} is not allowed here.`,
      );
      return false;
    }
    return true;
  };

  fastify.post(
    '/collection/v1_0/requesttopay',
    { schema: schema('Sandbox: request a payment', sandboxResponses.requestToPay) },
    async (request, reply) => {
      const apiUserId = await authenticate(request, reply);
      if (!apiUserId) return reply;
      const referenceId = header(request, 'x-reference-id');
      if (!referenceId || !UUID_V4.test(referenceId)) {
        return fail(reply, 400, 'BAD_REQUEST', 'X-Reference-Id must be a UUID version 4');
      }
      if (!checkTargetEnvironment(request, reply)) return reply;
      const body = requestToPayBody.safeParse(request.body ?? {});
      if (!body.success) return fail(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
      const callbackUrl = header(request, 'x-callback-url') ?? null;
      if (callbackUrl !== null && !(await isAllowedCallback(callbackUrl, apiUserId))) {
        return fail(
          reply,
          400,
          'INVALID_CALLBACK_URL_HOST',
          'Callback URL host is not the api user callback host.',
        );
      }
      const payment: RequestToPayBody = body.data;
      const settlesIn = await state.createTransaction(referenceId, apiUserId, payment, callbackUrl);
      if (settlesIn === 'duplicate') {
        return fail(
          reply,
          409,
          'RESOURCE_ALREADY_EXIST',
          'Duplicated reference id. Creation of resource failed.',
        );
      }
      if (callbackUrl !== null && settlesIn !== null) scheduleCallback(referenceId, settlesIn);
      return reply.code(202).send();
    },
  );

  fastify.get<{ Params: { referenceId: string } }>(
    '/collection/v1_0/requesttopay/:referenceId',
    { schema: schema('Sandbox: read a payment status', sandboxResponses.status) },
    async (request, reply) => {
      const apiUserId = await authenticate(request, reply);
      if (!apiUserId) return reply;
      if (!checkTargetEnvironment(request, reply)) return reply;
      const status = await state.status(request.params.referenceId, apiUserId);
      if (!status) return fail(reply, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      return status;
    },
  );

  fastify.get(
    '/collection/v1_0/account/balance',
    { schema: schema('Sandbox: read the account balance', sandboxResponses.balance) },
    async (request, reply) => {
      const apiUserId = await authenticate(request, reply);
      if (!apiUserId) return reply;
      if (!checkTargetEnvironment(request, reply)) return reply;
      return {
        availableBalance: await state.balance(apiUserId, accountCurrency, openingBalance),
        currency: accountCurrency,
      };
    },
  );

  fastify.get<{ Params: { type: string; id: string } }>(
    '/collection/v1_0/accountholder/:type/:id/active',
    { schema: schema('Sandbox: is an account holder active', sandboxResponses.accountHolder) },
    async (request, reply) => {
      const apiUserId = await authenticate(request, reply);
      if (!apiUserId) return reply;
      if (!checkTargetEnvironment(request, reply)) return reply;
      const type = request.params.type.toLowerCase();
      if (type !== 'msisdn' && type !== 'email' && type !== 'party_code') {
        return fail(reply, 400, 'BAD_REQUEST', 'accountHolderIdType must be msisdn, email or party_code');
      }
      // The one test payer documented as unknown to the wallet is the only inactive account holder.
      const unknownPayer = type === 'msisdn' && testPayerNumber(request.params.id) === '46733123455';
      return { result: !unknownPayer };
    },
  );

  async function isAllowedCallback(callbackUrl: string, apiUserId: string): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(callbackUrl);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    const user = await state.apiUserById(apiUserId);
    return user !== undefined && hostOf(user.providerCallbackHost) === url.hostname.toLowerCase();
  }

  function scheduleCallback(referenceId: string, settlesIn: number): void {
    const cancel = clock.schedule(() => {
      cancellations.delete(cancel);
      state
        .claimCallback(referenceId)
        .then((callback) => callback && deliverCallback(callback.url, callback.body))
        .catch((error: unknown) => {
          fastify.log.warn({ err: error, referenceId }, 'momo sandbox callback not delivered');
        });
    }, settlesIn + callbackDelayMs);
    cancellations.add(cancel);
  }

  // Callbacks announced before a restart are still owed.
  fastify.addHook('onReady', async () => {
    for (const { referenceId, dueIn } of await state.undeliveredCallbacks())
      scheduleCallback(referenceId, dueIn);
  });
};
