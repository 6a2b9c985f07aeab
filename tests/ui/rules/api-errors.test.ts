import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ERROR_MESSAGES, ApiError, toApiError } from '../../../src/rules/api-errors';
import { type ApiRequest, createApiClient } from '../../../src/services/api/client';
import { createFakeFetch, type FakeReply } from '../services/api/fakeFetch';

const plainRead: ApiRequest = { method: 'GET', path: 'users/profile' };
const videoRead: ApiRequest = { method: 'GET', path: 'videos/fetchvideos', video: true };

async function failureOf(reply: FakeReply, request: ApiRequest = plainRead): Promise<ApiError> {
  const { fetch } = createFakeFetch([reply]);
  const client = createApiClient({ baseUrl: '', fetch });
  const error = await client.request(request).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the error catalogue of docs/product.md §8', () => {
  it('keeps the exact English wording under stable keys', () => {
    expect(API_ERROR_MESSAGES).toEqual({
      'errors.network': 'Network error. Please check your internet connection.',
      'errors.unauthorized': 'Invalid credentials or session expired.',
      'errors.videoUnauthorized': 'Authentication required.',
      'errors.forbidden': 'Access denied.',
      'errors.notFound': 'Resource not found.',
      'errors.videoNotFound': 'Content not found.',
      'errors.server': 'Server error. Please try again later.',
      'errors.unknown': 'An error occurred',
    });
  });

  it.each(['en', 'fr'])('has every key translated in public/assets/i18n/%s.json', (lang) => {
    const dictionary: unknown = JSON.parse(
      readFileSync(resolve(import.meta.dirname, `../../../public/assets/i18n/${lang}.json`), 'utf8'),
    );
    const lookup = (key: string): unknown =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);
    for (const [key, english] of Object.entries(API_ERROR_MESSAGES)) {
      const text = lookup(key);
      expect(typeof text, key).toBe('string');
      if (lang === 'en') expect(text, key).toBe(english);
    }
  });

  const cases: { name: string; reply: FakeReply; request?: ApiRequest; status: number; key: string }[] = [
    { name: 'no answer (status 0)', reply: 'network-failure', status: 0, key: 'errors.network' },
    {
      name: '401',
      reply: { status: 401, body: { msg: 'Bad password' } },
      status: 401,
      key: 'errors.unauthorized',
    },
    {
      name: '401 on a video call',
      reply: { status: 401, body: { msg: 'x' } },
      request: videoRead,
      status: 401,
      key: 'errors.videoUnauthorized',
    },
    { name: '403', reply: { status: 403, body: { msg: 'Not yours' } }, status: 403, key: 'errors.forbidden' },
    { name: '404', reply: { status: 404, body: { msg: 'Unknown id' } }, status: 404, key: 'errors.notFound' },
    {
      name: '404 on a video call',
      reply: { status: 404 },
      request: videoRead,
      status: 404,
      key: 'errors.videoNotFound',
    },
    { name: '500', reply: { status: 500, body: { msg: 'boom' } }, status: 500, key: 'errors.server' },
    { name: '418 without msg', reply: { status: 418, body: {} }, status: 418, key: 'errors.unknown' },
    {
      name: '418 with an empty msg',
      reply: { status: 418, body: { msg: '  ' } },
      status: 418,
      key: 'errors.unknown',
    },
    {
      name: '418 with an HTML body',
      reply: { status: 418, rawBody: '<html>teapot</html>' },
      status: 418,
      key: 'errors.unknown',
    },
  ];

  for (const { name, reply, request, status, key } of cases) {
    it(`maps ${name} to '${key}'`, async () => {
      const error = await failureOf(reply, request);
      expect(error.status).toBe(status);
      expect(error.key).toBe(key);
      expect(error.serverMsg).toBeUndefined();
      expect(error.message).toBe(API_ERROR_MESSAGES[key as keyof typeof API_ERROR_MESSAGES]);
    });
  }

  it("shows the server's own msg for any other status, with no key", async () => {
    const error = await failureOf({ status: 418, body: { success: false, msg: 'Je suis une théière' } });
    expect(error.status).toBe(418);
    expect(error.key).toBeUndefined();
    expect(error.serverMsg).toBe('Je suis une théière');
    expect(error.message).toBe('Je suis une théière');
  });

  it('keeps the video wording off the calls that are not marked as video calls', () => {
    expect(toApiError(404, undefined, { video: false }).message).toBe('Resource not found.');
    expect(toApiError(404, undefined, { video: true }).message).toBe('Content not found.');
    // The other statuses read the same for video calls.
    expect(toApiError(403, undefined, { video: true }).message).toBe('Access denied.');
    expect(toApiError(500, undefined, { video: true }).message).toBe('Server error. Please try again later.');
  });

  it('treats a 2xx whose body is not JSON as an unknown error, never as data', async () => {
    const { fetch } = createFakeFetch([{ status: 200, rawBody: '<!doctype html><title>app</title>' }]);
    const client = createApiClient({ baseUrl: '', fetch });
    await expect(client.request(plainRead)).rejects.toMatchObject({ status: 200, key: 'errors.unknown' });
  });

  describe('503 after the retries', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    async function exhausted(body: unknown): Promise<{ error: ApiError; attempts: number }> {
      vi.useFakeTimers();
      const { fetch, calls } = createFakeFetch([{ status: 503, body }]);
      const client = createApiClient({ baseUrl: '', fetch });
      const outcome = client.request({ ...plainRead, retryable: true }).catch((caught: unknown) => caught);
      await vi.runAllTimersAsync();
      const error = await outcome;
      expect(error).toBeInstanceOf(ApiError);
      return { error: error as ApiError, attempts: calls.length };
    }

    it("shows the server's msg once the retries are used up", async () => {
      const { error, attempts } = await exhausted({
        success: false,
        msg: 'Mobile money provider unavailable',
      });
      expect(attempts).toBe(3);
      expect(error.status).toBe(503);
      expect(error.serverMsg).toBe('Mobile money provider unavailable');
      expect(error.message).toBe('Mobile money provider unavailable');
    });

    it("falls back to 'An error occurred' when the 503 has no msg", async () => {
      const { error, attempts } = await exhausted(undefined);
      expect(attempts).toBe(3);
      expect(error.status).toBe(503);
      expect(error.message).toBe('An error occurred');
    });
  });
});
