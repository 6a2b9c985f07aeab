import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/rules/api-errors';
import { createApiClient } from '../../../../src/services/api/client';
import { RETRY } from '../../../../src/services/api/retry';
import { createFakeFetch, type FakeReply } from './fakeFetch';

const retryableGet = { method: 'GET', path: 'subjects/subject/fetch-all', retryable: true } as const;

describe('retries (docs/product.md §8: up to 2 times, 1 s apart, on status 0 or 503)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('exports the policy', () => {
    expect(RETRY).toEqual({ attempts: 2, delayMs: 1_000 });
  });

  it('succeeds on the third attempt after a network failure then a 503, at t = 0, 1000 and 2000 ms', async () => {
    const { fetch, calls } = createFakeFetch([
      'network-failure',
      { status: 503, body: { msg: 'Database down' } },
      { status: 200, body: [{ _id: 's1' }] },
    ]);
    const client = createApiClient({ baseUrl: '', fetch });
    const result = client.request(retryableGet);

    await vi.advanceTimersByTimeAsync(0);
    expect(calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.length).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.length).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.length).toBe(3);

    await expect(result).resolves.toEqual([{ _id: 's1' }]);
    expect(calls.map((call) => call.at)).toEqual([0, 1_000, 2_000]);
  });

  it('gives up after three failed attempts and never makes a fourth', async () => {
    const { fetch, calls } = createFakeFetch(['network-failure']);
    const client = createApiClient({ baseUrl: '', fetch });
    const outcome = client.request(retryableGet).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, key: 'errors.network' });
    expect(calls.length).toBe(3);
  });

  const notRetriedStatuses: FakeReply[] = [
    { status: 400, body: { msg: "Invalid value for field 'level'." } },
    { status: 401 },
    { status: 404 },
    { status: 409, body: { msg: 'Taken' } },
    { status: 429, body: { msg: 'Slow down' } },
    { status: 500 },
  ];
  for (const reply of notRetriedStatuses) {
    const status = typeof reply === 'string' ? 0 : reply.status;
    it(`does not retry a retryable read that got a ${status}`, async () => {
      const { fetch, calls } = createFakeFetch([reply, { status: 200, body: [] }]);
      const client = createApiClient({ baseUrl: '', fetch });
      const outcome = client.request(retryableGet).catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await outcome).toMatchObject({ status });
      expect(calls.length).toBe(1);
    });
  }

  for (const reply of ['network-failure', { status: 503 }] as FakeReply[]) {
    const status = reply === 'network-failure' ? 0 : reply.status;
    it(`never retries a request not marked retryable (a payment POST that got ${status})`, async () => {
      const { fetch, calls } = createFakeFetch([
        reply,
        { status: 202, body: { success: true, referenceId: 'r' } },
      ]);
      const client = createApiClient({ baseUrl: '', fetch });
      const outcome = client
        .request({ method: 'POST', path: 'payments/momo/requesttopay', body: { amount: '2500' } })
        .catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await outcome).toMatchObject({ status });
      expect(calls.length).toBe(1);
    });
  }

  it('waits through the injected sleep when one is given', async () => {
    const slept: number[] = [];
    const { fetch, calls } = createFakeFetch([
      { status: 503 },
      { status: 503 },
      { status: 200, body: { ok: true } },
    ]);
    const client = createApiClient({
      baseUrl: '',
      fetch,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    await expect(client.request(retryableGet)).resolves.toEqual({ ok: true });
    expect(slept).toEqual([1_000, 1_000]);
    expect(calls.length).toBe(3);
  });
});
