import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The layer rules of docs/layers.md are .dependency-cruiser.cjs, which `npm run layers` checks on the whole
// tree in `npm test`. These tests plant one wrong-way import at a time in a small tree of the same folders
// and expect the rule's name: a rule that stops firing (a path typo, a loosened pattern) fails here.

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const fixture = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

let planted = 0;

/** Writes `files` in a fresh folder and returns the names of the rules their imports break. */
async function rulesBrokenBy(files: Record<string, string>): Promise<string[]> {
  planted += 1;
  const root = join(fixture, String(planted));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }),
  );
  const previous = process.cwd();
  // dependency-cruiser matches its rules against paths relative to the working folder, as `npm run layers` does.
  process.chdir(root);
  try {
    const folders = [...new Set(Object.keys(files).map((name) => name.split('/')[0] ?? name))];
    const { output } = await cruise(folders, {
      ruleSet: { forbidden: config.forbidden ?? [] },
      validate: true,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
    });
    const result = output as ICruiseResult;
    return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
  } finally {
    process.chdir(previous);
  }
}

const io = { 'src/services/storage.ts': 'export const read = () => localStorage.getItem("k");\n' };

describe('the layer rules (.dependency-cruiser.cjs)', () => {
  it('let the layers import the way docs/layers.md says', async () => {
    expect(
      await rulesBrokenBy({
        ...io,
        'contract/common.ts': 'export type Id = string;\n',
        'contract/rules/free.ts': 'export const isFree = (price: number) => price <= 0;\n',
        'machines/cart.ts':
          "import type { Id } from '../contract/common';\nimport { isFree } from '../contract/rules/free';\nexport const m = (id: Id) => isFree(id.length);\n",
        'src/rules/total.ts': "import { m } from '../../machines/cart';\nexport const total = m;\n",
        'src/actors/cart.ts':
          "import { read } from '../services/storage';\nimport { total } from '../rules/total';\nexport const actors = { read, total };\n",
        'src/ui/Price.tsx':
          "import { total } from '../rules/total';\nexport const Price = () => total('a');\n",
        'src/app/hooks.ts':
          "import { actors } from '../actors/cart';\nimport { Price } from '../ui/Price';\nexport const h = [actors, Price];\n",
        'src/screens/Home.tsx': "import { h } from '../app/hooks';\nexport const Home = () => h;\n",
        'server/modules/payments/index.ts':
          "import type { Id } from '../../../contract/common';\nexport type P = Id;\n",
        'contract/stored.ts': "import { isFree } from './rules/free';\nexport const cartSchema = isFree;\n",
        'src/services/records.ts':
          "import { cartSchema } from '../../contract/stored';\nexport const readCart = cartSchema;\n",
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'ui-imports-no-services',
      { ...io, 'src/ui/Price.tsx': "import { read } from '../services/storage';\nexport const p = read;\n" },
    ],
    [
      'ui-imports-no-services',
      {
        ...io,
        'src/ui/Price.tsx':
          "import type { read } from '../services/storage';\nexport type P = typeof read;\n",
      },
    ],
    [
      'machines-import-only-contract',
      {
        ...io,
        'machines/cart.ts': "import { read } from '../src/services/storage';\nexport const m = read;\n",
      },
    ],
    [
      'server-never-imports-the-client',
      {
        ...io,
        'server/lib/x.ts': "import { read } from '../../src/services/storage';\nexport const x = read;\n",
      },
    ],
    [
      'screens-do-no-io',
      {
        ...io,
        'src/screens/Home.tsx': "import { read } from '../services/storage';\nexport const H = read;\n",
      },
    ],
    [
      'services-are-io-below-the-ui',
      {
        'src/ui/Price.tsx': 'export const Price = 1;\n',
        'src/services/storage.ts': "import { Price } from '../ui/Price';\nexport const s = Price;\n",
      },
    ],
    [
      'rules-are-pure',
      {
        ...io,
        'src/rules/total.ts': "import { read } from '../services/storage';\nexport const t = read;\n",
      },
    ],
    [
      'contract-imports-only-zod',
      {
        'machines/cart.ts': 'export const m = 1;\n',
        'contract/common.ts': "import { m } from '../machines/cart';\nexport const c = m;\n",
      },
    ],
    [
      'app-takes-contract-schemas-as-types',
      {
        'contract/users.ts': 'export const userSchema = 1;\n',
        'src/app/x.ts': "import { userSchema } from '../../contract/users';\nexport const x = userSchema;\n",
      },
    ],
    [
      'stored-shapes-stay-mini',
      {
        'contract/common.ts': 'export const idSchema = 1;\n',
        'contract/stored.ts': "import { idSchema } from './common';\nexport const cartSchema = idSchema;\n",
      },
    ],
    [
      'shared-rules-stay-schema-free',
      {
        'contract/users.ts': 'export const userSchema = 1;\n',
        'contract/rules/free.ts': "import { userSchema } from '../users';\nexport const f = userSchema;\n",
      },
    ],
    [
      'server-modules-meet-through-interfaces',
      {
        'server/modules/payments/start.ts': 'export const start = 1;\n',
        'server/modules/shop/routes.ts':
          "import { start } from '../payments/start';\nexport const r = start;\n",
      },
    ],
    [
      'nothing-at-runtime-imports-seed',
      {
        'server/seed/seed.ts': 'export const SEED = 1;\n',
        'server/lib/media.ts': "import { SEED } from '../seed/seed';\nexport const m = SEED;\n",
      },
    ],
    [
      'no-cycles',
      {
        'src/rules/a.ts': "import type { B } from './b';\nexport type A = B | 1;\n",
        'src/rules/b.ts': "import type { A } from './a';\nexport type B = A | 2;\n",
      },
    ],
  ])('name %s when a planted import breaks it', async (rule, files) => {
    expect(await rulesBrokenBy(files)).toContain(rule);
  });
});
