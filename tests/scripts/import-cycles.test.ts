import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, importGraph } from '../../scripts/import-cycles';

const fixture = mkdtempSync(join(tmpdir(), 'import-cycles-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function writeFixture(files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(fixture, name), text);
  return join(fixture, 'tsconfig.json');
}

describe('import circles', () => {
  it('none in the project (contract, src, machines, server, scripts, tests): npx tsx scripts/import-cycles.ts names them', () => {
    const cycles = findCycles(importGraph('tsconfig.json')).map((cycle) =>
      cycle.map((file) => relative(process.cwd(), file)),
    );
    expect(cycles).toEqual([]);
  }, 60_000);

  it('are found through type-only imports and import(), and only the files in them are named', () => {
    const tsconfig = writeFixture({
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true },
        include: ['*.ts'],
      }),
      'route-table.ts':
        "import type { Params } from './screen';\nexport const load = () => import('./screen');\nexport type P = Params;\n",
      'screen.ts': "import type { P } from './route-table';\nexport interface Params { p?: P }\n",
      'shell.ts':
        "import { load } from './route-table';\nimport { helper } from './helper';\nexport const go = () => [load, helper];\n",
      'helper.ts': "import 'node:path';\nexport const helper = 1;\n",
      'self.ts': "import './self';\n",
    });
    const cycles = findCycles(importGraph(tsconfig)).map((cycle) => cycle.map((file) => basename(file)));
    expect(cycles.sort()).toEqual([['route-table.ts', 'screen.ts'], ['self.ts']]);
  });
});
