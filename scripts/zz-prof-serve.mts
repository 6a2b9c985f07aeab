import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '/work/main/server/app';
import { loadConfig } from '/work/main/server/config';
const dataDir = mkdtempSync(join(tmpdir(), 'prof-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'warn' }));
await app.listen({ port: 18181, host: '127.0.0.1' });
setTimeout(() => app.close().then(() => process.exit(0)), 14000);
