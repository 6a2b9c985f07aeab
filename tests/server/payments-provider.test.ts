import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MomoConfig } from '../../server/config';
import { MomoProviderError } from '../../server/modules/payments/momo-api';
import { MomoProvider } from '../../server/modules/payments/momo-provider';
import { EMULATOR_PENDING_MS, startEmulator, type TestEmulator } from './helpers/momo-emulator';

const BUILT_IN: MomoConfig = {
  baseUrl: 'http://127.0.0.1:8080/momo-sandbox',
  usesBuiltInSandbox: true,
  subscriptionKey: 'provider-test-key',
  apiUser: undefined,
  apiKey: undefined,
  targetEnvironment: 'sandbox',
  currency: 'XAF',
  timeoutMs: 10_000,
  sandbox: { pendingMs: 0, delayedSuccessMs: 0, callbackDelayMs: 0 },
};

let emulator: TestEmulator;

beforeEach(async () => {
  emulator = await startEmulator();
});

afterEach(async () => {
  await emulator.close();
});

function provider(config: Partial<MomoConfig> = {}) {
  return new MomoProvider({
    config: { ...BUILT_IN, ...config },
    fetch: emulator.fetch,
    // The client's clock follows the emulator's so token lifetimes agree.
    now: () => emulator.clock.now(),
  });
}

function request(partyId = '237670000201') {
  return {
    referenceId: randomUUID(),
    amount: 3000,
    externalId: 'ORDER_abc_1700000000000',
    msisdn: partyId,
    payerMessage: 'Subjects',
    payeeNote: 'Cart',
  };
}

const count = (call: string) => emulator.calls.filter((made) => made === call).length;

describe('MomoProvider against the emulator', () => {
  it('provisions itself on the built-in sandbox, then requests and reads a payment', async () => {
    const client = provider();
    const payment = request();
    await client.requestToPay(payment);
    expect(await client.getStatus(payment.referenceId)).toEqual({
      status: 'PENDING',
      amount: '3000',
      currency: 'XAF',
    });
    emulator.clock.advance(EMULATOR_PENDING_MS);
    const settled = await client.getStatus(payment.referenceId);
    expect(settled).toMatchObject({ status: 'SUCCESSFUL', amount: '3000', currency: 'XAF' });
    expect(settled.financialTransactionId).toMatch(/^\d+$/);
    expect(count('POST /momo-sandbox/v1_0/apiuser')).toBe(1);
    expect(emulator.calls.filter((call) => call.endsWith('/apikey'))).toHaveLength(1);
  });

  it('caches the access token until shortly before it expires', async () => {
    const client = provider();
    for (let i = 0; i < 3; i++) await client.requestToPay(request());
    expect(count('POST /momo-sandbox/collection/token/')).toBe(1);

    // The token lives 60 minutes and is renewed one minute before: still cached at 58, renewed at 59.
    emulator.clock.advance(58 * 60_000);
    await client.requestToPay(request());
    expect(count('POST /momo-sandbox/collection/token/')).toBe(1);
    emulator.clock.advance(60_000);
    await client.requestToPay(request());
    expect(count('POST /momo-sandbox/collection/token/')).toBe(2);
    expect(count('POST /momo-sandbox/v1_0/apiuser')).toBe(1);
  });

  it('shares one token request between concurrent calls', async () => {
    const client = provider();
    await Promise.all(Array.from({ length: 5 }, () => client.requestToPay(request())));
    expect(count('POST /momo-sandbox/collection/token/')).toBe(1);
    expect(count('POST /momo-sandbox/v1_0/apiuser')).toBe(1);
  });

  it('keeps its api user and token across a sandbox restart (the sandbox remembers)', async () => {
    const client = provider();
    const first = request();
    await client.requestToPay(first);
    await emulator.restart();
    await client.requestToPay(request());
    expect((await client.getStatus(first.referenceId)).status).toBe('PENDING');
    expect(count('POST /momo-sandbox/v1_0/apiuser')).toBe(1);
    expect(count('POST /momo-sandbox/collection/token/')).toBe(1);
  });

  it('provisions again when the sandbox forgot its api user (account reset)', async () => {
    const client = provider();
    await client.requestToPay(request());
    emulator.forget();
    // The cached token is unknown to the reset sandbox: 401, new token, 401 on the forgotten user, new user.
    await client.requestToPay(request());
    expect(count('POST /momo-sandbox/v1_0/apiuser')).toBe(2);
  });

  it('takes shared credentials from its store, and stores the ones it provisions for the others', async () => {
    const stored: { apiUser: string; apiKey: string }[] = [];
    const store = {
      load: async () => stored.at(-1),
      save: async (fresh: { apiUser: string; apiKey: string }) => {
        stored.push(fresh);
        return fresh;
      },
    };
    const first = new MomoProvider({ config: BUILT_IN, fetch: emulator.fetch, credentialStore: store });
    const payment = request();
    await first.requestToPay(payment);
    expect(stored).toHaveLength(1);
    // Another process: no provisioning of its own, and it sees the first one's payment.
    const second = new MomoProvider({ config: BUILT_IN, fetch: emulator.fetch, credentialStore: store });
    expect((await second.getStatus(payment.referenceId)).status).toBe('PENDING');
    expect(count('POST /momo-sandbox/v1_0/apiuser')).toBe(1);
  });

  it('uses configured credentials as they are, without provisioning', async () => {
    const bootstrap = provider();
    await bootstrap.requestToPay(request());
    const apiUser = randomUUID();
    await emulator.fetch('http://x/momo-sandbox/v1_0/apiuser', {
      method: 'POST',
      headers: {
        'X-Reference-Id': apiUser,
        'Ocp-Apim-Subscription-Key': 'provider-test-key',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ providerCallbackHost: 'example.org' }),
    });
    const keyResponse = await emulator.fetch(`http://x/momo-sandbox/v1_0/apiuser/${apiUser}/apikey`, {
      method: 'POST',
      headers: { 'Ocp-Apim-Subscription-Key': 'provider-test-key' },
    });
    const { apiKey } = (await keyResponse.json()) as { apiKey: string };
    emulator.calls.length = 0;

    const configured = provider({ apiUser, apiKey, usesBuiltInSandbox: false });
    await configured.requestToPay(request());
    expect(emulator.calls).toEqual([
      'POST /momo-sandbox/collection/token/',
      'POST /momo-sandbox/collection/v1_0/requesttopay',
    ]);

    const wrongKey = provider({ apiUser, apiKey: 'wrong', usesBuiltInSandbox: false });
    await expect(wrongKey.requestToPay(request())).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('refuses to guess credentials for a provider that is not the built-in sandbox', async () => {
    const client = provider({ usesBuiltInSandbox: false, baseUrl: 'https://sandbox.example.com' });
    const error = await client.requestToPay(request()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(MomoProviderError);
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(emulator.calls).toEqual([]);
  });

  it('sends the configured target environment and currency', async () => {
    const client = provider({ targetEnvironment: 'mtncameroon' });
    await expect(client.requestToPay(request())).rejects.toMatchObject({
      kind: 'rejected',
      httpStatus: 403,
      code: 'NOT_ALLOWED_TARGET_ENVIRONMENT',
    });
    const euro = provider({ currency: 'EUR' });
    const payment = request();
    await euro.requestToPay(payment);
    expect((await euro.getStatus(payment.referenceId)).currency).toBe('EUR');
  });

  it('reports failures with the provider reason', async () => {
    const client = provider();
    const payment = request('23746733123451');
    await client.requestToPay(payment);
    expect(await client.getStatus(payment.referenceId)).toEqual({
      status: 'FAILED',
      reason: 'APPROVAL_REJECTED',
      amount: '3000',
      currency: 'XAF',
    });
  });

  it('types errors: unknown reference, reused reference, outage, gateway failure', async () => {
    const client = provider();
    await expect(client.getStatus(randomUUID())).rejects.toMatchObject({ kind: 'notFound', httpStatus: 404 });

    const payment = request();
    await client.requestToPay(payment);
    await expect(client.requestToPay(payment)).rejects.toMatchObject({
      kind: 'rejected',
      httpStatus: 409,
      code: 'RESOURCE_ALREADY_EXIST',
    });

    emulator.down = true;
    await expect(client.getStatus(payment.referenceId)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await client.isReachable()).toBe(true); // the cached token still counts as reachable
    emulator.down = false;

    emulator.failWith = 502;
    await expect(client.requestToPay(request())).rejects.toMatchObject({
      kind: 'unavailable',
      httpStatus: 502,
    });
    emulator.failWith = undefined;
  });

  it('is unreachable while the provider is down and recovers afterwards', async () => {
    const client = provider();
    emulator.down = true;
    expect(await client.isReachable()).toBe(false);
    await expect(client.requestToPay(request())).rejects.toMatchObject({ kind: 'unavailable' });
    emulator.down = false;
    expect(await client.isReachable()).toBe(true);
    await client.requestToPay(request());
  });
});
