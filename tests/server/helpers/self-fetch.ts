import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that sends every call into the app's own inject(): what a test app on the built-in MoMo emulator
 * (MOMO_BASE_URL unset, the emulator's state in the app's database) needs, since inject() listens on no port.
 * `app` is asked at each call, so the fetch can be given to createTestApp before the app exists.
 */
export function selfFetch(app: () => FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const response = await app().inject({
      method: (init?.method ?? 'GET').toUpperCase() as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    return new Response(response.body === '' ? null : response.body, {
      status: response.statusCode,
      headers,
    });
  };
}
