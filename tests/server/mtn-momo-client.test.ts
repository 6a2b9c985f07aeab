import Fastify, { type FastifyInstance } from 'fastify';
import * as momo from 'mtn-momo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, momoSandboxRoutes } from '../../server/modules/momo-sandbox/routes';

/**
 * The published npm client of the provider's API, unchanged, against the emulator over real HTTP:
 * if it works here, the emulator speaks the provider's protocol as clients in the wild expect.
 */

const PENDING_MS = 2_000;
const SUBSCRIPTION_KEY = 'published-client-subscription-key';
const CALLBACK_HOST = 'callbacks.example.org';

let app: FastifyInstance;
let clock: ManualClock;
let baseUrl: string;
let collections: ReturnType<momo.MomoClient['Collections']>;
let credentials: { userId: string; apiKey: string };

beforeAll(async () => {
  clock = new ManualClock();
  app = Fastify();
  await app.register(momoSandboxRoutes, {
    prefix: '/momo-sandbox',
    clock,
    pendingMs: PENDING_MS,
    delayedSuccessMs: 10_000,
    currency: 'EUR',
    deliverCallback: async () => {},
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `${address}/momo-sandbox`;

  const client = momo.create({ callbackHost: CALLBACK_HOST, baseUrl, environment: momo.Environment.SANDBOX });
  const users = client.Users({ primaryKey: SUBSCRIPTION_KEY });
  const userId = await users.create(CALLBACK_HOST);
  const { apiKey } = await users.login(userId);
  credentials = { userId, apiKey };
  collections = client.Collections({ userSecret: apiKey, userId, primaryKey: SUBSCRIPTION_KEY });
});

afterAll(async () => {
  await app.close();
});

function payment(partyId: string) {
  return {
    amount: '50',
    currency: 'EUR',
    externalId: 'ORDER_7_1700000000000',
    payer: { partyIdType: momo.PayerType.MSISDN, partyId },
    payerMessage: 'Study app subjects',
    payeeNote: 'Physics',
  };
}

describe('the mtn-momo client against the emulator', () => {
  it('provisions an api user and key with the sandbox helper', () => {
    expect(credentials.userId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(credentials.apiKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses an unknown key at the token call with a typed error', async () => {
    const client = momo.create({ callbackHost: CALLBACK_HOST, baseUrl });
    const intruder = client.Collections({
      userSecret: 'not-the-key',
      userId: credentials.userId,
      primaryKey: SUBSCRIPTION_KEY,
    });
    await expect(intruder.getBalance()).rejects.toBeInstanceOf(momo.MtnMoMoError);
  });

  it('requests a payment and reads it PENDING, then SUCCESSFUL with a financial transaction id', async () => {
    const referenceId = await collections.requestToPay(payment('237670000101'));
    expect(referenceId).toMatch(/^[0-9a-f-]{36}$/);
    const pending = await collections.getTransaction(referenceId);
    expect(pending).toMatchObject({ ...payment('237670000101'), status: momo.Status.PENDING });

    clock.advance(PENDING_MS);
    const settled = await collections.getTransaction(referenceId);
    expect(settled.status).toBe(momo.Status.SUCCESSFUL);
    expect(settled.financialTransactionId).toMatch(/^\d+$/);
  });

  const failures: [string, string, new (...args: never[]) => momo.MtnMoMoError][] = [
    ['46733123450', 'INTERNAL_PROCESSING_ERROR', momo.InternalProcessingError],
    ['46733123451', 'APPROVAL_REJECTED', momo.ApprovalRejectedError],
    ['46733123452', 'EXPIRED', momo.ExpiredError],
    ['46733123455', 'PAYER_NOT_FOUND', momo.PayerNotFoundError],
    ['46733123456', 'PAYEE_NOT_ALLOWED_TO_RECEIVE', momo.PayeeNotAllowedToReceiveError],
    ['46733123457', 'NOT_ALLOWED', momo.NotAllowedError],
    ['46733123458', 'NOT_ALLOWED_TARGET_ENVIRONMENT', momo.NotAllowedTargetEnvironmentError],
    ['46733123459', 'INVALID_CALLBACK_URL_HOST', momo.InvalidCallbackUrlHostError],
    ['46733123460', 'INVALID_CURRENCY', momo.InvalidCurrencyError],
    ['46733123461', 'INTERNAL_PROCESSING_ERROR', momo.InternalProcessingError],
    ['46733123462', 'SERVICE_UNAVAILABLE', momo.ServiceUnavailableError],
    // The client has no class for this reason and files it as unspecified.
    ['46733123463', 'COULD_NOT_PERFORM_TRANSACTION', momo.UnspecifiedError],
  ];

  it.each(failures)('test payer %s makes getTransaction throw for %s', async (payer, reason, errorClass) => {
    const referenceId = await collections.requestToPay(payment(`237${payer}`));
    const error = await collections.getTransaction(referenceId).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toBeInstanceOf(momo.MtnMoMoError);
    expect((error as { transaction?: { status: string; reason: string } }).transaction).toMatchObject({
      status: 'FAILED',
      reason,
    });
  });

  it('keeps 46733123453 PENDING', async () => {
    const referenceId = await collections.requestToPay(payment('46733123453'));
    clock.advance(60_000);
    expect((await collections.getTransaction(referenceId)).status).toBe(momo.Status.PENDING);
  });

  it('maps an unknown reference to ResourceNotFoundError', async () => {
    await expect(collections.getTransaction('0b7e6c9a-3d7f-4c55-9f39-1f0b8e7b2a10')).rejects.toBeInstanceOf(
      momo.ResourceNotFoundError,
    );
  });

  it('reads the balance and whether a payer is active', async () => {
    const balance = await collections.getBalance();
    expect(balance.currency).toBe('EUR');
    // Exactly the one payment of 50 that settled successfully in this file so far.
    expect(balance.availableBalance).toBe('50');
    expect(await collections.isPayerActive('237670000101')).toEqual({ result: true });
  });
});
