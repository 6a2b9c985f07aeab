import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contractImportViolations } from '../../scripts/contract-imports';

const fixture = mkdtempSync(join(tmpdir(), 'contract-imports-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function writeFixture(files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, name)), { recursive: true });
    writeFileSync(join(fixture, name), text);
  }
  return join(fixture, 'tsconfig.json');
}

describe('the API contract (contract/)', () => {
  it('imports only zod and its own files, and reaches the app and the machines as types only', () => {
    expect(contractImportViolations('tsconfig.json')).toEqual([]);
  }, 60_000);

  it('is named when it imports the server or the app, or when the app loads it as a value', () => {
    const tsconfig = writeFixture({
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true },
        include: ['contract', 'src', 'machines', 'server'],
      }),
      'server/db.ts': 'export const db = 1;\n',
      'contract/common.ts':
        "import { z } from 'zod';\nexport const id = z.string();\nexport type Id = string;\n",
      'contract/users.ts':
        "import { id } from './common';\nimport { db } from '../server/db';\nexport const user = [id, db];\n",
      'src/fine.ts':
        "import type { Id } from '../contract/common';\nexport type { Id as Key } from '../contract/common';\nexport type T = import('../contract/users').Missing;\n",
      'src/value.ts': "import { id } from '../contract/common';\nexport const x = id;\n",
      'src/inline-type.ts': "import { type Id } from '../contract/common';\nexport type Y = Id;\n",
      'machines/lazy.ts': "export const load = () => import('../contract/users');\n",
      'machines/reexport.ts': "export { user } from '../contract/users';\n",
      // A rule without zod (contract/prices.ts) is loaded as a value; a file that reaches zod through it is not.
      'contract/rule.ts': 'export const isFree = (price: number) => price <= 0;\n',
      'src/rule-user.ts': "import { isFree } from '../contract/rule';\nexport const y = isFree(0);\n",
    });
    expect(contractImportViolations(tsconfig).sort()).toEqual([
      "contract/users.ts:2: the contract imports '../server/db' (only zod and contract/ files)",
      "machines/lazy.ts:1: '../contract/users' is not a type-only import (it would bundle zod)",
      "machines/reexport.ts:1: '../contract/users' is not a type-only import (it would bundle zod)",
      "src/inline-type.ts:1: '../contract/common' is not a type-only import (it would bundle zod)",
      "src/value.ts:1: '../contract/common' is not a type-only import (it would bundle zod)",
    ]);
  });
});
