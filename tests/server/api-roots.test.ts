import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOTS } from '../../contract/rules/api-roots';
import { createTestApp, type TestApp } from './helpers/app';

// The server and the service worker read one list of API roots (contract/rules/api-roots.ts): a route
// under a root missing from it would be answered with the app's page by both, and a root no route uses
// would keep a page URL from the app.
let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(async () => ctx.close());

describe('API path roots', () => {
  it('hold every route the server documents, and each root has routes', async () => {
    const { body } = await ctx.request<{ paths: Record<string, unknown> }>({
      method: 'GET',
      url: '/docs/json',
    });
    const used = new Set(Object.keys(body.paths).map((path) => path.split('/')[1] ?? ''));
    expect([...used].filter((root) => !(API_ROOTS as readonly string[]).includes(root))).toEqual([]);
    // /docs itself is the documentation's page, not one of its paths.
    expect(API_ROOTS.filter((root) => root !== 'docs' && !used.has(root))).toEqual([]);
  });

  it('answer an unknown path under each root with the JSON 404, even for a page request', async () => {
    for (const root of API_ROOTS.filter((root) => root !== 'docs')) {
      const { status, body } = await ctx.request<{ success: boolean }>({
        method: 'GET',
        url: `/${root}/no-such-path-here`,
        headers: { accept: 'text/html' },
      });
      expect({ root, status, success: body.success }).toEqual({ root, status: 404, success: false });
    }
  });
});
