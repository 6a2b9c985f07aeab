import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MomoConfig } from '../../server/config';
import { migrate } from '../../server/lib/db';
import momoSandboxModule, {
  databaseSandboxStore,
  ManualClock,
  momoSandboxRoutes,
  type StatusBody,
} from '../../server/modules/momo-sandbox/routes';
import { freshDatabase } from './helpers/app';

const PREFIX = '/momo-sandbox';
const SUBSCRIPTION_KEY = 'test-subscription-key';
const PENDING_MS = 1_000;
const DELAYED_SUCCESS_MS = 5_000;

let app: FastifyInstance;
let clock: ManualClock;
let callbacks: { url: string; body: StatusBody }[];
// The emulator as the server mounts it: its state in the database (PGlite or PostgreSQL, per project).
let database: Awaited<ReturnType<typeof freshDatabase>>;

async function startSandbox(): Promise<FastifyInstance> {
  const server = Fastify();
  await server.register(momoSandboxRoutes, {
    prefix: PREFIX,
    store: databaseSandboxStore(database.db),
    clock,
    pendingMs: PENDING_MS,
    delayedSuccessMs: DELAYED_SUCCESS_MS,
    openingBalance: 1000,
    deliverCallback: async (url, body) => {
      callbacks.push({ url, body });
    },
  });
  await server.ready();
  return server;
}

/** Callbacks read the store before they are sent: wait for the expected ones to arrive. */
async function callbacksArrived(count: number): Promise<void> {
  await vi.waitFor(() => expect(callbacks).toHaveLength(count));
}

beforeAll(async () => {
  database = await freshDatabase();
  await migrate(database.db);
});

afterAll(async () => {
  await database.db.close();
  await database.drop();
});

beforeEach(async () => {
  clock = new ManualClock();
  callbacks = [];
  // Each test starts from an empty sandbox account (a restart would otherwise owe the last test's callbacks).
  await database.db.exec('TRUNCATE momo_sandbox_transactions, momo_sandbox_tokens, momo_sandbox_api_users');
  app = await startSandbox();
});

afterEach(async () => {
  await app.close();
});

function basic(user: string, key: string): string {
  return `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
}

async function provision(subscriptionKey = SUBSCRIPTION_KEY) {
  const userId = randomUUID();
  const created = await app.inject({
    method: 'POST',
    url: `${PREFIX}/v1_0/apiuser`,
    headers: { 'x-reference-id': userId, 'ocp-apim-subscription-key': subscriptionKey },
    payload: { providerCallbackHost: 'callbacks.example.org' },
  });
  expect(created.statusCode).toBe(201);
  const key = await app.inject({
    method: 'POST',
    url: `${PREFIX}/v1_0/apiuser/${userId}/apikey`,
    headers: { 'ocp-apim-subscription-key': subscriptionKey },
  });
  expect(key.statusCode).toBe(201);
  return { userId, apiKey: key.json<{ apiKey: string }>().apiKey };
}

async function accessToken(
  subscriptionKey = SUBSCRIPTION_KEY,
  credentials?: { userId: string; apiKey: string },
): Promise<string> {
  const { userId, apiKey } = credentials ?? (await provision(subscriptionKey));
  const response = await app.inject({
    method: 'POST',
    url: `${PREFIX}/collection/token/`,
    headers: { authorization: basic(userId, apiKey), 'ocp-apim-subscription-key': subscriptionKey },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

function collectionHeaders(token: string, extra: Record<string, string> = {}) {
  return {
    authorization: `Bearer ${token}`,
    'ocp-apim-subscription-key': SUBSCRIPTION_KEY,
    'x-target-environment': 'sandbox',
    ...extra,
  };
}

function paymentBody(partyId: string) {
  return {
    amount: '1500',
    currency: 'XAF',
    externalId: 'ORDER_42_1700000000000',
    payer: { partyIdType: 'MSISDN', partyId },
    payerMessage: 'Study subjects',
    payeeNote: 'Mathematics',
  };
}

async function requestToPay(token: string, partyId: string, extraHeaders: Record<string, string> = {}) {
  const referenceId = randomUUID();
  const response = await app.inject({
    method: 'POST',
    url: `${PREFIX}/collection/v1_0/requesttopay`,
    headers: collectionHeaders(token, { 'x-reference-id': referenceId, ...extraHeaders }),
    payload: paymentBody(partyId),
  });
  expect(response.statusCode).toBe(202);
  expect(response.body).toBe('');
  return referenceId;
}

async function readStatus(token: string, referenceId: string) {
  return app.inject({
    method: 'GET',
    url: `${PREFIX}/collection/v1_0/requesttopay/${referenceId}`,
    headers: collectionHeaders(token),
  });
}

describe('sandbox provisioning', () => {
  it('creates an api user bound to its subscription key and reads it back', async () => {
    const { userId } = await provision();
    const read = await app.inject({
      method: 'GET',
      url: `${PREFIX}/v1_0/apiuser/${userId}`,
      headers: { 'ocp-apim-subscription-key': SUBSCRIPTION_KEY },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      providerCallbackHost: 'callbacks.example.org',
      targetEnvironment: 'sandbox',
    });

    const otherKey = await app.inject({
      method: 'GET',
      url: `${PREFIX}/v1_0/apiuser/${userId}`,
      headers: { 'ocp-apim-subscription-key': 'another-key' },
    });
    expect(otherKey.statusCode).toBe(404);
  });

  it('refuses a non-UUID-v4 reference, a reused one, a missing key and a missing callback host', async () => {
    const post = (referenceId: string, headers: Record<string, string>, payload: object) =>
      app.inject({
        method: 'POST',
        url: `${PREFIX}/v1_0/apiuser`,
        headers: { 'x-reference-id': referenceId, ...headers },
        payload,
      });
    const body = { providerCallbackHost: 'example.org' };
    const key = { 'ocp-apim-subscription-key': SUBSCRIPTION_KEY };

    expect((await post('not-a-uuid', key, body)).statusCode).toBe(400);
    // A version 1 UUID is not enough.
    expect((await post('6fa459ea-ee8a-11e3-ac10-0800200c9a66', key, body)).statusCode).toBe(400);
    expect((await post(randomUUID(), {}, body)).statusCode).toBe(401);
    expect((await post(randomUUID(), key, {})).statusCode).toBe(400);

    const id = randomUUID();
    expect((await post(id, key, body)).statusCode).toBe(201);
    const reused = await post(id, key, body);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' });
  });

  it('answers 404 for the key or profile of an unknown api user', async () => {
    const key = await app.inject({
      method: 'POST',
      url: `${PREFIX}/v1_0/apiuser/${randomUUID()}/apikey`,
      headers: { 'ocp-apim-subscription-key': SUBSCRIPTION_KEY },
    });
    expect(key.statusCode).toBe(404);
    expect(key.json()).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
  });
});

describe('access token', () => {
  it('issues a one-hour access token for a provisioned user, key and subscription key', async () => {
    const { userId, apiKey } = await provision();
    const response = await app.inject({
      method: 'POST',
      url: `${PREFIX}/collection/token/`,
      headers: {
        authorization: basic(userId, apiKey),
        'ocp-apim-subscription-key': SUBSCRIPTION_KEY,
        'content-type': 'application/json',
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'access_token', expires_in: 3600 });
    expect(body.access_token.length).toBeGreaterThan(20);
  });

  it('answers 401 to a wrong key, an unknown user, another subscription key or no credentials', async () => {
    const { userId, apiKey } = await provision();
    const attempt = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `${PREFIX}/collection/token/`, headers });
    expect(
      (
        await attempt({
          authorization: basic(userId, 'wrong'),
          'ocp-apim-subscription-key': SUBSCRIPTION_KEY,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await attempt({
          authorization: basic(randomUUID(), apiKey),
          'ocp-apim-subscription-key': SUBSCRIPTION_KEY,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await attempt({ authorization: basic(userId, apiKey), 'ocp-apim-subscription-key': 'other' }))
        .statusCode,
    ).toBe(401);
    expect((await attempt({ authorization: basic(userId, apiKey) })).statusCode).toBe(401);
    expect((await attempt({ 'ocp-apim-subscription-key': SUBSCRIPTION_KEY })).statusCode).toBe(401);
  });

  it('invalidates the previous api key when a new one is generated', async () => {
    const { userId, apiKey } = await provision();
    await app.inject({
      method: 'POST',
      url: `${PREFIX}/v1_0/apiuser/${userId}/apikey`,
      headers: { 'ocp-apim-subscription-key': SUBSCRIPTION_KEY },
    });
    const response = await app.inject({
      method: 'POST',
      url: `${PREFIX}/collection/token/`,
      headers: { authorization: basic(userId, apiKey), 'ocp-apim-subscription-key': SUBSCRIPTION_KEY },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('request to pay', () => {
  it('accepts a payment with 202 and an empty body, then reports it PENDING then SUCCESSFUL', async () => {
    const token = await accessToken();
    const referenceId = await requestToPay(token, '237670000001');

    const pending = await readStatus(token, referenceId);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ ...paymentBody('237670000001'), status: 'PENDING' });

    clock.advance(PENDING_MS - 1);
    expect((await readStatus(token, referenceId)).json().status).toBe('PENDING');
    clock.advance(1);
    const settled = (await readStatus(token, referenceId)).json();
    expect(settled).toEqual({
      ...paymentBody('237670000001'),
      status: 'SUCCESSFUL',
      financialTransactionId: expect.stringMatching(/^\d{9}$/),
    });
    // The status is stable once final.
    expect((await readStatus(token, referenceId)).json()).toEqual(settled);
  });

  it('refuses a non-UUID-v4 reference id with 400 and a reused one with 409', async () => {
    const token = await accessToken();
    const badId = await app.inject({
      method: 'POST',
      url: `${PREFIX}/collection/v1_0/requesttopay`,
      headers: collectionHeaders(token, { 'x-reference-id': 'order-1' }),
      payload: paymentBody('46733123450'),
    });
    expect(badId.statusCode).toBe(400);
    const missingId = await app.inject({
      method: 'POST',
      url: `${PREFIX}/collection/v1_0/requesttopay`,
      headers: collectionHeaders(token),
      payload: paymentBody('46733123450'),
    });
    expect(missingId.statusCode).toBe(400);

    const referenceId = await requestToPay(token, '237670000002');
    const reused = await app.inject({
      method: 'POST',
      url: `${PREFIX}/collection/v1_0/requesttopay`,
      headers: collectionHeaders(token, { 'x-reference-id': referenceId }),
      payload: paymentBody('237670000003'),
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ code: 'RESOURCE_ALREADY_EXIST', message: expect.any(String) });
  });

  it('answers 401 to a missing, unknown or expired bearer token', async () => {
    const token = await accessToken();
    const post = (authorization?: string) =>
      app.inject({
        method: 'POST',
        url: `${PREFIX}/collection/v1_0/requesttopay`,
        headers: {
          ...(authorization ? { authorization } : {}),
          'ocp-apim-subscription-key': SUBSCRIPTION_KEY,
          'x-target-environment': 'sandbox',
          'x-reference-id': randomUUID(),
        },
        payload: paymentBody('237670000004'),
      });
    expect((await post()).statusCode).toBe(401);
    expect((await post('Bearer not-a-token')).statusCode).toBe(401);
    expect((await post(`Bearer ${token}`)).statusCode).toBe(202);

    clock.advance(3600 * 1000);
    expect((await post(`Bearer ${token}`)).statusCode).toBe(401);
    expect((await readStatus(token, randomUUID())).statusCode).toBe(401);
  });

  it('requires X-Target-Environment and serves only the sandbox environment', async () => {
    const token = await accessToken();
    const post = (environment?: string) =>
      app.inject({
        method: 'POST',
        url: `${PREFIX}/collection/v1_0/requesttopay`,
        headers: {
          authorization: `Bearer ${token}`,
          'ocp-apim-subscription-key': SUBSCRIPTION_KEY,
          'x-reference-id': randomUUID(),
          ...(environment ? { 'x-target-environment': environment } : {}),
        },
        payload: paymentBody('237670000005'),
      });
    expect((await post()).statusCode).toBe(400);
    const production = await post('mtncameroon');
    expect(production.statusCode).toBe(403);
    expect(production.json()).toMatchObject({ code: 'NOT_ALLOWED_TARGET_ENVIRONMENT' });
  });

  it.each([
    ['amount', { amount: 1500 }],
    ['amount', { amount: '-3' }],
    ['amount', { amount: '0' }],
    ['currency', { currency: 'francs' }],
    ['externalId', { externalId: undefined }],
    ['payer', { payer: undefined }],
    ['payer.partyIdType', { payer: { partyIdType: 'PHONE', partyId: '237670000006' } }],
    ['payer.partyId', { payer: { partyIdType: 'MSISDN', partyId: '' } }],
    ['payerMessage', { payerMessage: 'x'.repeat(161) }],
  ])('refuses a body with an invalid %s', async (field, change) => {
    const token = await accessToken();
    const response = await app.inject({
      method: 'POST',
      url: `${PREFIX}/collection/v1_0/requesttopay`,
      headers: collectionHeaders(token, { 'x-reference-id': randomUUID() }),
      payload: { ...paymentBody('237670000006'), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('refuses a body that is not JSON with 400 in the provider error shape', async () => {
    const token = await accessToken();
    const response = await app.inject({
      method: 'POST',
      url: `${PREFIX}/collection/v1_0/requesttopay`,
      headers: collectionHeaders(token, {
        'x-reference-id': randomUUID(),
        'content-type': 'application/json',
      }),
      payload: '{"amount":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown reference and for another api user’s payment', async () => {
    const token = await accessToken();
    const unknown = await readStatus(token, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'RESOURCE_NOT_FOUND', message: expect.any(String) });

    const referenceId = await requestToPay(token, '237670000007');
    const otherToken = await accessToken();
    expect((await readStatus(otherToken, referenceId)).statusCode).toBe(404);
  });
});

describe('test payers', () => {
  const failing: [string, string][] = [
    ['46733123450', 'INTERNAL_PROCESSING_ERROR'],
    ['46733123451', 'APPROVAL_REJECTED'],
    ['46733123452', 'EXPIRED'],
    ['46733123455', 'PAYER_NOT_FOUND'],
    ['46733123456', 'PAYEE_NOT_ALLOWED_TO_RECEIVE'],
    ['46733123457', 'NOT_ALLOWED'],
    ['46733123458', 'NOT_ALLOWED_TARGET_ENVIRONMENT'],
    ['46733123459', 'INVALID_CALLBACK_URL_HOST'],
    ['46733123460', 'INVALID_CURRENCY'],
    ['46733123461', 'INTERNAL_PROCESSING_ERROR'],
    ['46733123462', 'SERVICE_UNAVAILABLE'],
    ['46733123463', 'COULD_NOT_PERFORM_TRANSACTION'],
  ];

  it.each(failing)(
    '%s fails at once with reason %s, as itself and with the 237 prefix',
    async (payer, reason) => {
      const token = await accessToken();
      for (const partyId of [payer, `237${payer}`]) {
        const referenceId = await requestToPay(token, partyId);
        const body = (await readStatus(token, referenceId)).json();
        expect(body).toEqual({ ...paymentBody(partyId), status: 'FAILED', reason });
        expect(body).not.toHaveProperty('financialTransactionId');
      }
    },
  );

  it('46733123453 stays PENDING however long one waits', async () => {
    const credentials = await provision();
    const token = await accessToken(SUBSCRIPTION_KEY, credentials);
    const references = [
      await requestToPay(token, '46733123453'),
      await requestToPay(token, '23746733123453'),
    ];
    clock.advance(30 * 24 * 3600 * 1000);
    const freshToken = await accessToken(SUBSCRIPTION_KEY, credentials);
    for (const referenceId of references) {
      const body = (await readStatus(freshToken, referenceId)).json();
      expect(body.status).toBe('PENDING');
    }
  });

  it('46733123454 stays PENDING for the long delay, then succeeds', async () => {
    const token = await accessToken();
    const slow = await requestToPay(token, '23746733123454');
    const ordinary = await requestToPay(token, '237699999999');
    clock.advance(PENDING_MS);
    expect((await readStatus(token, ordinary)).json().status).toBe('SUCCESSFUL');
    expect((await readStatus(token, slow)).json().status).toBe('PENDING');
    clock.advance(DELAYED_SUCCESS_MS - PENDING_MS - 1);
    expect((await readStatus(token, slow)).json().status).toBe('PENDING');
    clock.advance(1);
    const settled = (await readStatus(token, slow)).json();
    expect(settled.status).toBe('SUCCESSFUL');
    expect(settled.financialTransactionId).toMatch(/^\d+$/);
  });

  it('a number that merely contains a test payer is an ordinary payer', async () => {
    const token = await accessToken();
    const referenceId = await requestToPay(token, '99946733123451');
    clock.advance(PENDING_MS);
    expect((await readStatus(token, referenceId)).json().status).toBe('SUCCESSFUL');
  });
});

describe('callbacks', () => {
  it('POSTs the settled status to X-Callback-Url when the payment settles, not before', async () => {
    const token = await accessToken();
    const url = 'https://callbacks.example.org/momo/notify';
    const referenceId = await requestToPay(token, '237670000008', { 'x-callback-url': url });
    clock.advance(PENDING_MS - 1);
    expect(callbacks).toEqual([]);
    clock.advance(1);
    await callbacksArrived(1);
    expect(callbacks).toEqual([
      {
        url,
        body: {
          ...paymentBody('237670000008'),
          status: 'SUCCESSFUL',
          financialTransactionId: expect.any(String),
        },
      },
    ]);
    expect((await readStatus(token, referenceId)).json()).toEqual(callbacks[0]?.body);
  });

  it('announces a failure at once and never calls back for a payment that stays PENDING', async () => {
    const token = await accessToken();
    const url = 'http://callbacks.example.org/hook';
    await requestToPay(token, '46733123451', { 'x-callback-url': url });
    await requestToPay(token, '46733123453', { 'x-callback-url': url });
    clock.advance(0);
    await callbacksArrived(1);
    expect(callbacks[0]?.body).toMatchObject({ status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    // The payer that stays PENDING never settles, so nothing is ever scheduled for it.
    expect(clock.pending).toBe(0);
  });

  it('refuses a callback URL outside the api user’s callback host', async () => {
    const token = await accessToken();
    for (const url of ['https://elsewhere.example.com/hook', 'not a url', 'ftp://callbacks.example.org/x']) {
      const response = await app.inject({
        method: 'POST',
        url: `${PREFIX}/collection/v1_0/requesttopay`,
        headers: collectionHeaders(token, { 'x-reference-id': randomUUID(), 'x-callback-url': url }),
        payload: paymentBody('237670000009'),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL_HOST' });
    }
  });
});

describe('account', () => {
  it('reports the opening balance plus successful collections only', async () => {
    const token = await accessToken();
    const balance = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `${PREFIX}/collection/v1_0/account/balance`,
          headers: collectionHeaders(token),
        })
      ).json();
    expect(await balance()).toEqual({ availableBalance: '1000', currency: 'XAF' });
    await requestToPay(token, '237670000010');
    await requestToPay(token, '46733123451');
    expect(await balance()).toEqual({ availableBalance: '1000', currency: 'XAF' });
    clock.advance(PENDING_MS);
    expect(await balance()).toEqual({ availableBalance: '2500', currency: 'XAF' });
  });

  it('says whether an account holder is active', async () => {
    const token = await accessToken();
    const active = (type: string, id: string) =>
      app.inject({
        method: 'GET',
        url: `${PREFIX}/collection/v1_0/accountholder/${type}/${id}/active`,
        headers: collectionHeaders(token),
      });
    expect((await active('msisdn', '237670000011')).json()).toEqual({ result: true });
    expect((await active('MSISDN', '46733123450')).json()).toEqual({ result: true });
    expect((await active('msisdn', '23746733123455')).json()).toEqual({ result: false });
    expect((await active('nickname', 'bob')).statusCode).toBe(400);
  });

  it('protects balance and account holder reads with the bearer token', async () => {
    const balance = await app.inject({
      method: 'GET',
      url: `${PREFIX}/collection/v1_0/account/balance`,
      headers: collectionHeaders('forged'),
    });
    expect(balance.statusCode).toBe(401);
  });
});

describe('lifecycle', () => {
  it('cancels pending callbacks when the server closes', async () => {
    const token = await accessToken();
    await requestToPay(token, '237670000012', { 'x-callback-url': 'https://callbacks.example.org/a' });
    expect(clock.pending).toBe(1);
    await app.close();
    expect(clock.pending).toBe(0);
    clock.advance(PENDING_MS);
    expect(callbacks).toEqual([]);
  });

  it('keeps api users, tokens and payments across a restart (its state is in the database)', async () => {
    const token = await accessToken();
    const referenceId = await requestToPay(token, '237670000014');
    await app.close();
    app = await startSandbox();
    const pending = await readStatus(token, referenceId);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ status: 'PENDING' });
    clock.advance(PENDING_MS);
    expect((await readStatus(token, referenceId)).json()).toMatchObject({ status: 'SUCCESSFUL' });
    // The reference is still taken after the restart: a replayed request to pay is refused, not charged.
    const replay = await app.inject({
      method: 'POST',
      url: `${PREFIX}/collection/v1_0/requesttopay`,
      headers: collectionHeaders(token, { 'x-reference-id': referenceId }),
      payload: paymentBody('237670000014'),
    });
    expect(replay.statusCode).toBe(409);
  });

  it('delivers after a restart a callback announced before it, once, even with two emulators on one database', async () => {
    const token = await accessToken();
    const url = 'https://callbacks.example.org/after-restart';
    await requestToPay(token, '237670000015', { 'x-callback-url': url });
    await app.close();
    app = await startSandbox();
    const second = await startSandbox();
    try {
      // Both emulators scheduled it; only the one that claims it first sends it.
      expect(clock.pending).toBe(2);
      clock.advance(PENDING_MS);
      await callbacksArrived(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(callbacks).toEqual([{ url, body: expect.objectContaining({ status: 'SUCCESSFUL' }) }]);
    } finally {
      await second.close();
    }
  });
});

describe('the module as the core registers it', () => {
  const momo = (usesBuiltInSandbox: boolean): MomoConfig => ({
    baseUrl: 'http://127.0.0.1:8080/momo-sandbox',
    usesBuiltInSandbox,
    subscriptionKey: 'k',
    apiUser: undefined,
    apiKey: undefined,
    targetEnvironment: 'sandbox',
    currency: 'XAF',
    timeoutMs: 10_000,
    sandbox: { pendingMs: 0, delayedSuccessMs: 0, callbackDelayMs: 0 },
  });
  const provisioning = (server: FastifyInstance) =>
    server.inject({
      method: 'POST',
      url: '/momo-sandbox/v1_0/apiuser',
      headers: { 'x-reference-id': randomUUID(), 'ocp-apim-subscription-key': 'k' },
      payload: { providerCallbackHost: 'example.org' },
    });

  it.each([
    ['without a prefix', {}],
    ['with the /momo-sandbox prefix', { prefix: '/momo-sandbox' }],
  ])('mounts under /momo-sandbox %s', async (_label, registration) => {
    const server = Fastify();
    server.decorate('config', { momo: momo(true) } as FastifyInstance['config']);
    await server.register(momoSandboxModule, registration);
    expect((await provisioning(server)).statusCode).toBe(201);
    await server.close();
  });

  it('uses the MOMO_SANDBOX_* timings from the config', async () => {
    const server = Fastify();
    server.decorate('config', { momo: momo(true) } as FastifyInstance['config']);
    await server.register(momoSandboxModule);
    const userId = randomUUID();
    const key = { 'ocp-apim-subscription-key': 'k' };
    await server.inject({
      method: 'POST',
      url: '/momo-sandbox/v1_0/apiuser',
      headers: { 'x-reference-id': userId, ...key },
      payload: { providerCallbackHost: 'example.org' },
    });
    const { apiKey } = (
      await server.inject({
        method: 'POST',
        url: `/momo-sandbox/v1_0/apiuser/${userId}/apikey`,
        headers: key,
      })
    ).json<{ apiKey: string }>();
    const token = (
      await server.inject({
        method: 'POST',
        url: '/momo-sandbox/collection/token/',
        headers: { authorization: basic(userId, apiKey), ...key },
      })
    ).json<{ access_token: string }>().access_token;
    const referenceId = randomUUID();
    const headers = { authorization: `Bearer ${token}`, 'x-target-environment': 'sandbox', ...key };
    await server.inject({
      method: 'POST',
      url: '/momo-sandbox/collection/v1_0/requesttopay',
      headers: { ...headers, 'x-reference-id': referenceId },
      payload: paymentBody('237670000013'),
    });
    // pendingMs 0 in this config: an ordinary payer is SUCCESSFUL at once.
    const status = await server.inject({
      method: 'GET',
      url: `/momo-sandbox/collection/v1_0/requesttopay/${referenceId}`,
      headers,
    });
    expect(status.json().status).toBe('SUCCESSFUL');
    await server.close();
  });

  it('is not mounted when MOMO_BASE_URL points at a real provider', async () => {
    const server = Fastify();
    server.decorate('config', { momo: momo(false) } as FastifyInstance['config']);
    await server.register(momoSandboxModule);
    expect((await provisioning(server)).statusCode).toBe(404);
    await server.close();
  });
});
