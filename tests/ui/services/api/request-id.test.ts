import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/rules/api-errors';
import { type ApiRequest, createApiClient } from '../../../../src/services/api/client';
import { createFakeFetch } from './fakeFetch';

// The server adds `requestId` to every failure body (issue 10). The client must map statuses exactly as
// before: the docs/product.md §8 catalogue for 0/401/403/404/500, the server's own msg otherwise.

const REQUEST_ID = '6f1c2c1e-8f4b-4d8e-9a55-0c7f5d1d2b3a';

async function failure(
  status: number,
  msg: string,
  request: ApiRequest = { method: 'GET', path: 'users/profile' },
) {
  const { fetch } = createFakeFetch([{ status, body: { success: false, msg, requestId: REQUEST_ID } }]);
  const client = createApiClient({ baseUrl: '', fetch, retry: { attempts: 1, delayMs: 0 } });
  const error = await client.request(request).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('failure bodies carrying a requestId', () => {
  it.each([
    [401, 'errors.unauthorized'],
    [403, 'errors.forbidden'],
    [404, 'errors.notFound'],
    [500, 'errors.server'],
  ])('%i still maps to the catalogue key %s', async (status, key) => {
    const error = await failure(status, 'Server text');
    expect(error.key).toBe(key);
    expect(error.serverMsg).toBeUndefined();
  });

  it.each([400, 409, 429, 503])('%i still shows the server message, not the id', async (status) => {
    const error = await failure(status, 'Trop de tentatives. Veuillez réessayer dans 30 s.');
    expect(error.key).toBeUndefined();
    expect(error.serverMsg).toBe('Trop de tentatives. Veuillez réessayer dans 30 s.');
    expect(error.message).not.toContain(REQUEST_ID);
  });
});
