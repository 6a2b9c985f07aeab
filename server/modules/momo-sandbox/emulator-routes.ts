// The swagger plugin's schema keywords (tags, summary, hide) document these routes.
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  authenticate,
  checkTargetEnvironment,
  collectionCaller,
  createEmulator,
  type Emulator,
  isAllowedCallback,
  scheduleCallback,
} from './emulator';
import {
  acceptEmptyJsonBodies,
  basicCredentials,
  describeIssues,
  fail,
  header,
  missingSubscriptionKey,
  UUID_V4,
} from './provider-http';
import type { MomoSandboxOptions } from './sandbox-options';
import type { RequestToPayBody } from './sandbox-state';
import { apiUserBody, requestToPayBody } from './schemas';
import { testPayerNumber } from './test-payers';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

const schema = (summary: string) => ({ tags: ['momo-sandbox'], summary });
const notFound = (reply: FastifyReply) =>
  fail(reply, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
const duplicated = (reply: FastifyReply) =>
  fail(reply, 409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.');
/** The X-Reference-Id of a creation, or undefined once the 400 is sent. */
function newReferenceId(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const referenceId = header(request, 'x-reference-id');
  if (referenceId && UUID_V4.test(referenceId)) return referenceId;
  fail(reply, 400, 'BAD_REQUEST', 'X-Reference-Id must be a UUID version 4');
  return undefined;
}

// Provisioning, as the sandbox's "api user" calls: any non-empty subscription key is accepted and the new
// api user is bound to it.

const createApiUser = (emulator: Emulator) => async (request: FastifyRequest, reply: FastifyReply) => {
  const subscriptionKey = header(request, 'ocp-apim-subscription-key');
  if (!subscriptionKey) return missingSubscriptionKey(reply);
  const referenceId = newReferenceId(request, reply);
  if (!referenceId) return reply;
  const body = apiUserBody.safeParse(request.body ?? {});
  if (!body.success) return fail(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
  if (!(await emulator.state.createApiUser(referenceId, subscriptionKey, body.data.providerCallbackHost))) {
    return duplicated(reply);
  }
  return reply.code(201).send();
};

const readApiUser = (emulator: Emulator) => async (request: IdRequest, reply: FastifyReply) => {
  const subscriptionKey = header(request, 'ocp-apim-subscription-key');
  if (!subscriptionKey) return missingSubscriptionKey(reply);
  const user = await emulator.state.apiUser(request.params.id, subscriptionKey);
  if (!user) return notFound(reply);
  return { providerCallbackHost: user.providerCallbackHost, targetEnvironment: emulator.targetEnvironment };
};

const createApiKey = (emulator: Emulator) => async (request: IdRequest, reply: FastifyReply) => {
  const subscriptionKey = header(request, 'ocp-apim-subscription-key');
  if (!subscriptionKey) return missingSubscriptionKey(reply);
  const apiKey = await emulator.state.createApiKey(request.params.id, subscriptionKey);
  if (!apiKey) return notFound(reply);
  return reply.code(201).send({ apiKey });
};

const issueToken = (emulator: Emulator) => async (request: FastifyRequest, reply: FastifyReply) => {
  const subscriptionKey = header(request, 'ocp-apim-subscription-key');
  if (!subscriptionKey) return missingSubscriptionKey(reply);
  const credentials = basicCredentials(header(request, 'authorization'));
  const token =
    credentials && (await emulator.state.issueToken(credentials.user, credentials.password, subscriptionKey));
  if (!token) return fail(reply, 401, 'UNAUTHORIZED', 'Invalid api user, api key or subscription key.');
  return { access_token: token.accessToken, token_type: 'access_token', expires_in: token.expiresIn };
};

// Collection: requests to pay, their status, the balance and account holders.

const requestToPay = (emulator: Emulator) => async (request: FastifyRequest, reply: FastifyReply) => {
  const apiUserId = await authenticate(emulator, request, reply);
  if (!apiUserId) return reply;
  const referenceId = newReferenceId(request, reply);
  if (!referenceId) return reply;
  if (!checkTargetEnvironment(emulator, request, reply)) return reply;
  const body = requestToPayBody.safeParse(request.body ?? {});
  if (!body.success) return fail(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
  const callbackUrl = header(request, 'x-callback-url') ?? null;
  if (callbackUrl !== null && !(await isAllowedCallback(emulator, callbackUrl, apiUserId))) {
    return fail(
      reply,
      400,
      'INVALID_CALLBACK_URL_HOST',
      'Callback URL host is not the api user callback host.',
    );
  }
  const payment: RequestToPayBody = body.data;
  const settlesIn = await emulator.state.createTransaction(referenceId, apiUserId, payment, callbackUrl);
  if (settlesIn === 'duplicate') return duplicated(reply);
  if (callbackUrl !== null && settlesIn !== null) scheduleCallback(emulator, referenceId, settlesIn);
  return reply.code(202).send();
};

const readStatus =
  (emulator: Emulator) =>
  async (request: FastifyRequest<{ Params: { referenceId: string } }>, reply: FastifyReply) => {
    const apiUserId = await collectionCaller(emulator, request, reply);
    if (!apiUserId) return reply;
    const status = await emulator.state.status(request.params.referenceId, apiUserId);
    if (!status) return notFound(reply);
    return status;
  };

const readBalance = (emulator: Emulator) => async (request: FastifyRequest, reply: FastifyReply) => {
  const apiUserId = await collectionCaller(emulator, request, reply);
  if (!apiUserId) return reply;
  return {
    availableBalance: await emulator.state.balance(
      apiUserId,
      emulator.accountCurrency,
      emulator.openingBalance,
    ),
    currency: emulator.accountCurrency,
  };
};

const accountHolderActive =
  (emulator: Emulator) =>
  async (request: FastifyRequest<{ Params: { type: string; id: string } }>, reply: FastifyReply) => {
    const apiUserId = await collectionCaller(emulator, request, reply);
    if (!apiUserId) return reply;
    const type = request.params.type.toLowerCase();
    if (type !== 'msisdn' && type !== 'email' && type !== 'party_code') {
      return fail(reply, 400, 'BAD_REQUEST', 'accountHolderIdType must be msisdn, email or party_code');
    }
    // The one test payer documented as unknown to the wallet is the only inactive account holder.
    const unknownPayer = type === 'msisdn' && testPayerNumber(request.params.id) === '46733123455';
    return { result: !unknownPayer };
  };

/** The emulator's own error answers, in the provider's shape. */
function handleErrors(fastify: FastifyInstance): void {
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
}

/** Callbacks owed are cancelled when the app closes, and those announced before a restart are still owed. */
function keepCallbacks(fastify: FastifyInstance, emulator: Emulator): void {
  fastify.addHook('onClose', async () => {
    for (const cancel of emulator.cancellations) cancel();
    emulator.cancellations.clear();
  });
  fastify.addHook('onReady', async () => {
    for (const { referenceId, dueIn } of await emulator.state.undeliveredCallbacks())
      scheduleCallback(emulator, referenceId, dueIn);
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
  const emulator = createEmulator(options, fastify.log);
  keepCallbacks(fastify, emulator);
  acceptEmptyJsonBodies(fastify);
  handleErrors(fastify);
  fastify.post('/v1_0/apiuser', { schema: schema('Sandbox: create an api user') }, createApiUser(emulator));
  fastify.get('/v1_0/apiuser/:id', { schema: schema('Sandbox: read an api user') }, readApiUser(emulator));
  fastify.post(
    '/v1_0/apiuser/:id/apikey',
    { schema: schema('Sandbox: create an api key') },
    createApiKey(emulator),
  );
  // The provider documents the path with a trailing slash; clients in the wild use both.
  fastify.post(
    '/collection/token/',
    { schema: schema('Sandbox: get an access token') },
    issueToken(emulator),
  );
  fastify.post(
    '/collection/token',
    { schema: { ...schema('Sandbox: get an access token'), hide: true } },
    issueToken(emulator),
  );
  fastify.post(
    '/collection/v1_0/requesttopay',
    { schema: schema('Sandbox: request a payment') },
    requestToPay(emulator),
  );
  fastify.get(
    '/collection/v1_0/requesttopay/:referenceId',
    { schema: schema('Sandbox: read a payment status') },
    readStatus(emulator),
  );
  fastify.get(
    '/collection/v1_0/account/balance',
    { schema: schema('Sandbox: read the account balance') },
    readBalance(emulator),
  );
  fastify.get(
    '/collection/v1_0/accountholder/:type/:id/active',
    { schema: schema('Sandbox: is an account holder active') },
    accountHolderActive(emulator),
  );
};
