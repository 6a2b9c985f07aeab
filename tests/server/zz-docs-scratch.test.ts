import { it, expect } from 'vitest';
import { createTestApp } from '/work/main/tests/server/helpers/app';
it('docs', async () => {
  const t = await createTestApp();
  const r = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(r.statusCode).toBe(200);
  const doc = r.json();
  const paths = Object.keys(doc.paths).filter((p) => p.includes('pay') || p.includes('trans') || p.includes('momo'));
  console.log(paths);
  console.log(JSON.stringify(doc.paths['/transactions/subjects/makepayments'].put.requestBody).slice(0, 800));
  await t.close();
});
