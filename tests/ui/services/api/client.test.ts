import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/rules/api-errors';
import { createApiClient, defaultBaseUrl, joinUrl } from '../../../../src/services/api/client';
import { createFakeFetch } from './fakeFetch';

describe('base URL', () => {
  it('keeps paths relative to the page when no base URL is configured', () => {
    expect(joinUrl('', 'users/register')).toBe('users/register');
  });

  it('joins a configured base with exactly one slash, whatever slashes either side has', () => {
    expect(joinUrl('https://api.example.cm', 'users/register')).toBe('https://api.example.cm/users/register');
    expect(joinUrl('https://api.example.cm/', 'users/register')).toBe(
      'https://api.example.cm/users/register',
    );
    expect(joinUrl('https://api.example.cm/v1//', '/users/register')).toBe(
      'https://api.example.cm/v1/users/register',
    );
    expect(joinUrl('/api', 'health')).toBe('/api/health');
  });

  it('reads VITE_API_BASE_URL, same origin when unset', () => {
    const configured = import.meta.env.VITE_API_BASE_URL;
    expect(defaultBaseUrl()).toBe(typeof configured === 'string' ? configured.trim() : '');
  });

  it('sends each call to base + path', async () => {
    const { fetch, calls } = createFakeFetch([{ status: 200, body: { ok: true } }]);
    const client = createApiClient({ baseUrl: 'https://api.example.cm/', fetch });
    await client.request({ method: 'GET', path: 'health' });
    expect(calls[0]?.url).toBe('https://api.example.cm/health');
  });
});

describe('headers', () => {
  it('sends the bearer token when one is stored, read at each call', async () => {
    let token: string | null = 'header.payload.signature';
    const { fetch, calls } = createFakeFetch([{ status: 200, body: {} }]);
    const client = createApiClient({ baseUrl: '', fetch, getToken: () => token });

    await client.request({ method: 'GET', path: 'transactions' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer header.payload.signature');

    token = null;
    await client.request({ method: 'GET', path: 'transactions' });
    expect(calls[1]?.headers.has('Authorization')).toBe(false);
  });

  it('sends no Authorization header when logged out (no getter, or an empty token)', async () => {
    const { fetch, calls } = createFakeFetch([{ status: 200, body: {} }]);
    await createApiClient({ baseUrl: '', fetch }).request({ method: 'GET', path: 'health' });
    await createApiClient({ baseUrl: '', fetch, getToken: () => '' }).request({
      method: 'GET',
      path: 'health',
    });
    expect(calls.map((call) => call.headers.has('Authorization'))).toEqual([false, false]);
  });

  it('sends Accept-Language from the current language, en when no getter is given', async () => {
    let lang = 'fr';
    const { fetch, calls } = createFakeFetch([{ status: 200, body: {} }]);
    const client = createApiClient({ baseUrl: '', fetch, getLanguage: () => lang });
    await client.request({ method: 'GET', path: 'health' });
    lang = 'en';
    await client.request({ method: 'GET', path: 'health' });
    await createApiClient({ baseUrl: '', fetch }).request({ method: 'GET', path: 'health' });
    expect(calls.map((call) => call.headers.get('Accept-Language'))).toEqual(['fr', 'en', 'en']);
  });

  it('sends JSON bodies as JSON and asks for JSON back', async () => {
    const { fetch, calls } = createFakeFetch([{ status: 200, body: { success: true } }]);
    const client = createApiClient({ baseUrl: '', fetch });
    await client.request({ method: 'POST', path: 'forgot', body: { email: 'ama@example.cm' } });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.headers.get('Accept')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'ama@example.cm' });
  });

  it('lets the browser set the multipart Content-Type of a FormData body', async () => {
    const { fetch, calls } = createFakeFetch([{ status: 200, body: { success: true } }]);
    const form = new FormData();
    form.append('picture', new Blob(['x'], { type: 'image/png' }), 'me.png');
    await createApiClient({ baseUrl: '', fetch }).request({
      method: 'PUT',
      path: 'users/profilepicture/update',
      body: form,
    });
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('sends no body and no Content-Type on a GET', async () => {
    const { fetch, calls } = createFakeFetch([{ status: 200, body: [] }]);
    await createApiClient({ baseUrl: '', fetch }).request({ method: 'GET', path: 'videos/fetchvideos' });
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
  });
});

describe('responses', () => {
  it('returns the parsed JSON body', async () => {
    const { fetch } = createFakeFetch([{ status: 201, body: { success: true, msg: 'Welcome' } }]);
    const client = createApiClient({ baseUrl: '', fetch });
    await expect(client.request({ method: 'POST', path: 'users/register', body: {} })).resolves.toEqual({
      success: true,
      msg: 'Welcome',
    });
  });

  it('returns undefined for an empty success body', async () => {
    const { fetch } = createFakeFetch([{ status: 204 }]);
    const client = createApiClient({ baseUrl: '', fetch });
    await expect(client.request({ method: 'PUT', path: 'reset', body: {} })).resolves.toBeUndefined();
  });
});

describe('the per-session list cache', () => {
  const happenings = { method: 'GET', path: 'happenings/fetch-all', cacheable: true } as const;

  it('serves the second call from memory', async () => {
    const { fetch, calls } = createFakeFetch([{ status: 200, body: [{ _id: 'h1' }] }]);
    const client = createApiClient({ baseUrl: '', fetch });
    const first = await client.request(happenings);
    const second = await client.request(happenings);
    expect(second).toEqual([{ _id: 'h1' }]);
    expect(second).toBe(first);
    expect(calls.length).toBe(1);
  });

  it('fetches again after clearCache()', async () => {
    const { fetch, calls } = createFakeFetch([
      { status: 200, body: [{ _id: 'h1' }] },
      { status: 200, body: [{ _id: 'h2' }] },
    ]);
    const client = createApiClient({ baseUrl: '', fetch });
    await client.request(happenings);
    client.clearCache();
    await expect(client.request(happenings)).resolves.toEqual([{ _id: 'h2' }]);
    expect(calls.length).toBe(2);
  });

  it('shares one request between concurrent identical calls', async () => {
    const { fetch, calls } = createFakeFetch([{ status: 200, body: [{ _id: 'h1' }] }]);
    const client = createApiClient({ baseUrl: '', fetch });
    const [a, b, c] = await Promise.all([
      client.request(happenings),
      client.request(happenings),
      client.request(happenings),
    ]);
    expect(calls.length).toBe(1);
    expect(a).toEqual([{ _id: 'h1' }]);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('does not cache a failure: the next call asks the server again', async () => {
    const { fetch, calls } = createFakeFetch([{ status: 500 }, { status: 200, body: [{ _id: 'h1' }] }]);
    const client = createApiClient({ baseUrl: '', fetch });
    await expect(client.request(happenings)).rejects.toBeInstanceOf(ApiError);
    await expect(client.request(happenings)).resolves.toEqual([{ _id: 'h1' }]);
    expect(calls.length).toBe(2);
  });

  it('keeps different paths and bodies apart', async () => {
    const { fetch, calls } = createFakeFetch((call) => ({
      status: 200,
      body: { path: call.url, body: call.body },
    }));
    const client = createApiClient({ baseUrl: '', fetch });
    const a = await client.request({ method: 'POST', path: 'x', body: { level: 'Form 5' }, cacheable: true });
    const b = await client.request({ method: 'POST', path: 'x', body: { level: 'Form 4' }, cacheable: true });
    const c = await client.request({ method: 'GET', path: 'y', cacheable: true });
    expect([a, b, c]).toEqual([
      { path: 'x', body: { level: 'Form 5' } },
      { path: 'x', body: { level: 'Form 4' } },
      { path: 'y' },
    ]);
    expect(calls.length).toBe(3);
  });

  it('never caches a call not marked cacheable', async () => {
    const { fetch, calls } = createFakeFetch([{ status: 200, body: [] }]);
    const client = createApiClient({ baseUrl: '', fetch });
    await client.request({ method: 'GET', path: 'transactions' });
    await client.request({ method: 'GET', path: 'transactions' });
    expect(calls.length).toBe(2);
  });

  it('starts afresh when the token changes, so lists with per-student parts never leak across sessions', async () => {
    let token: string | null = null;
    const { fetch, calls } = createFakeFetch((call) => ({
      status: 200,
      body: [{ _id: 'v1', locked: !call.headers.has('Authorization') }],
    }));
    const client = createApiClient({ baseUrl: '', fetch, getToken: () => token });
    const videos = { method: 'GET', path: 'videos/fetchvideos', cacheable: true } as const;
    await expect(client.request(videos)).resolves.toEqual([{ _id: 'v1', locked: true }]);
    token = 'a.b.c';
    await expect(client.request(videos)).resolves.toEqual([{ _id: 'v1', locked: false }]);
    await client.request(videos);
    expect(calls.length).toBe(2);
  });

  it('forgets the entries a successful write invalidates, and only those', async () => {
    let paid = false;
    const { fetch, calls } = createFakeFetch((call) => {
      if (call.method === 'PUT') {
        paid = true;
        return { status: 200, body: { success: true } };
      }
      return { status: 200, body: { url: call.url, paid } };
    });
    const client = createApiClient({ baseUrl: '', fetch });
    const profile = { method: 'GET', path: 'users/profile', cacheable: true } as const;
    const subjects = { method: 'GET', path: 'subjects/subject/fetch-all', cacheable: true } as const;
    await client.request(profile);
    await client.request(subjects);
    await client.request({
      method: 'PUT',
      path: 'transactions/subjects/makepayments',
      invalidates: ['users/profile'],
    });
    await expect(client.request(profile)).resolves.toEqual({ url: 'users/profile', paid: true });
    await expect(client.request(subjects)).resolves.toEqual({
      url: 'subjects/subject/fetch-all',
      paid: false,
    });
    expect(calls.length).toBe(4);
  });

  it('keeps the cache when an invalidating write fails', async () => {
    const { fetch, calls } = createFakeFetch((call) =>
      call.method === 'PUT'
        ? { status: 409, body: { msg: 'Not completed' } }
        : { status: 200, body: { n: calls.length } },
    );
    const client = createApiClient({ baseUrl: '', fetch });
    const profile = { method: 'GET', path: 'users/profile', cacheable: true } as const;
    await client.request(profile);
    await expect(
      client.request({
        method: 'PUT',
        path: 'transactions/subjects/makepayments',
        invalidates: ['users/profile'],
      }),
    ).rejects.toMatchObject({ status: 409, serverMsg: 'Not completed' });
    await expect(client.request(profile)).resolves.toEqual({ n: 1 });
    expect(calls.length).toBe(2);
  });

  it('does not let a failure that was in flight during clearCache() evict the newer entry', async () => {
    const settle: ((ok: boolean) => void)[] = [];
    const fetch = vi.fn(async () => {
      const ok = await new Promise<boolean>((resolve) => settle.push(resolve));
      return ok ? new Response('[1]', { status: 200 }) : new Response('{}', { status: 500 });
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: '', fetch });
    const old = client.request(happenings);
    client.clearCache();
    const fresh = client.request(happenings);
    settle[1]?.(true);
    await expect(fresh).resolves.toEqual([1]);
    settle[0]?.(false);
    await expect(old).rejects.toMatchObject({ status: 500 });
    await expect(client.request(happenings)).resolves.toEqual([1]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not let a request that was in flight during clearCache() refill or evict the new entry', async () => {
    const releases: (() => void)[] = [];
    let served = 0;
    const fetch = (async () => {
      await new Promise<void>((resolve) => releases.push(resolve));
      served += 1;
      return new Response(JSON.stringify({ served }), { status: 200 });
    }) as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: '', fetch });
    const old = client.request(happenings);
    client.clearCache();
    const fresh = client.request(happenings);
    releases[0]?.();
    releases[1]?.();
    await expect(old).resolves.toEqual({ served: 1 });
    await expect(fresh).resolves.toEqual({ served: 2 });
    await expect(client.request(happenings)).resolves.toEqual({ served: 2 });
    expect(releases.length).toBe(2);
  });
});
