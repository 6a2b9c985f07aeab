import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCode } from '../../contract/rules/access-code';
import { type CliDatabase, createCliDatabase } from './helpers/cli-database';
import { registerOn, type ServerProcess, startServerProcess } from './helpers/server-process';

// Issue 20: `npm run codes` as an operator runs it, against a running server (PGlite in `server`, PostgreSQL
// in `server-pg`): cards and a class code made, printed, redeemed, listed and withdrawn.

const ROOT = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'codes-cli-test-'));
let database: CliDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = await createCliDatabase();
  server = await startServerProcess(
    { ...database.env, LOG_LEVEL: 'warn', RATE_LIMIT_CODE_ADDRESS_FAILURES: '1000' },
    { dataDir: database.dataDir },
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

function codesCommand(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [join(ROOT, 'scripts', 'codes.ts'), ...args],
      {
        cwd: work,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          DATA_DIR: database.dataDir,
          PORT: String(server.port),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('close', (code) => done({ code, out, err }));
  });
}

/** The codes of a CSV the command wrote, first column, header left out. */
function csvCodes(file: string): string[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[0] as string);
}

async function redeem(token: string, code: string) {
  return server.call<{ success: boolean; msg: string }>('POST', '/subjects/serial/redeem', {
    token,
    body: { serialNumberHolder: code },
  });
}

describe('npm run codes', () => {
  it('makes cards once (CSV and A4 sheet), which students redeem; lists and withdraws them', async () => {
    const made = await codesCommand([
      'create',
      '--subjects',
      'ang-maths-f5,ang-physics-f5',
      '--days',
      '365',
      '--count',
      '3',
      '--expires',
      '2099-07-31',
      '--batch',
      'Librairie Papyrus Douala',
    ]);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toContain('Wrote 3 codes to');
    const folder = join(work, 'codes', 'librairie-papyrus-douala');
    const codes = csvCodes(join(folder, 'codes.csv'));
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(checkCode(code)).toEqual({ ok: true, code });
    expect(readFileSync(join(folder, 'codes.csv'), 'utf8')).toContain(
      `${server.url}/#/redeem?code=${codes[0]},Librairie Papyrus Douala,"Mathematics Form 5, Physics Form 5, for 365 days; use it by 31 July 2099",365,1,2099-07-31`,
    );
    const sheet = readFileSync(join(folder, 'cards.html'), 'utf8');
    expect(sheet.match(/<article class="card">/g)).toHaveLength(3);
    expect(sheet.match(/<svg /g)).toHaveLength(3);
    for (const code of codes) expect(sheet).toContain(code);
    expect(sheet).toContain('@page { size: A4');
    expect(sheet).toContain('pendant 365 jours ; à utiliser au plus tard le 31 juillet 2099');
    expect(sheet).toContain("touchez « J'ai un code » et tapez le code");
    expect(sheet).toContain('tap “I have a code” and type the code');

    // A student types the first card's code as it comes, in lower case with spaces.
    const amina = await registerOn(server, 'amina');
    const typed = (codes[0] as string).toLowerCase().replaceAll('-', ' ');
    expect((await redeem(amina.token, typed)).status).toBe(200);
    const profile = await server.call<{ user: { paidSubjects: Array<{ subjectId: string }> } }>(
      'GET',
      '/users/profile',
      { token: amina.token },
    );
    expect(profile.body.user.paidSubjects.map((p) => p.subjectId).sort()).toEqual([
      'ang-maths-f5',
      'ang-physics-f5',
    ]);

    const listed = await codesCommand(['list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(
      'Librairie Papyrus Douala: 3 codes, Mathematics Form 5, Physics Form 5, for 365 days',
    );
    expect(listed.out).toContain('spent 1, unspent 2, seats left 2, redemptions 1');

    // Written once: the same folder again is refused before the server makes anything.
    const again = await codesCommand([
      'create',
      '--subjects',
      'ang-maths-f5',
      '--days',
      '30',
      '--count',
      '1',
      '--batch',
      'Librairie Papyrus Douala',
    ]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('already exists: choose another --out (nothing was made)');

    const revoked = await codesCommand(['revoke', '--batch', 'Librairie Papyrus Douala']);
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain('Withdrew 2 codes that still had seats');
    const late = await registerOn(server, 'late');
    const refused = await redeem(late.token, codes[1] as string);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      'This code has been withdrawn by whoever issued it. Please ask them for another one.',
    );
    expect((await codesCommand(['list'])).out).toContain('Librairie Papyrus Douala [withdrawn]: 3 codes');
  }, 180_000);

  it('makes a class code that admits as many students as its seats, each once', async () => {
    const made = await codesCommand([
      'create',
      '--section',
      'diploma-exams',
      '--days',
      '180',
      '--count',
      '1',
      '--seats',
      '2',
      '--batch',
      'Lycée de Buea 2026',
      '--out',
      join(work, 'buea'),
    ]);
    expect(made.code).toBe(0);
    expect(made.out).toContain('class code: 2 students, each once');
    const [code] = csvCodes(join(work, 'buea', 'codes.csv'));
    const first = await registerOn(server, 'first');
    const second = await registerOn(server, 'second');
    const third = await registerOn(server, 'third');
    expect((await redeem(first.token, code as string)).status).toBe(200);
    expect((await redeem(second.token, code as string)).status).toBe(200);
    const full = await redeem(third.token, code as string);
    expect(full.status).toBe(409);
    expect(full.body.msg).toBe('This code has already been used: every place it gives is taken.');
    expect((await codesCommand(['list'])).out).toContain('spent 1, unspent 0, seats left 0, redemptions 2');
  }, 180_000);

  it('says what is wrong: usage, a wrong token, a subject that does not exist, no server', async () => {
    const usage = await codesCommand(['create', '--days', '30', '--count', '1', '--batch', 'X']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('give either --subjects or --section');
    const wrongToken = await codesCommand(['list'], {
      OPERATOR_TOKEN: 'not-the-operator-token-0123456789abcdef',
    });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.err).toContain('The server refused (401)');
    const unknown = await codesCommand([
      'create',
      '--subjects',
      'no-such-subject',
      '--days',
      '30',
      '--count',
      '1',
      '--batch',
      'Unknown',
      '--out',
      join(work, 'unknown'),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("Unknown subject 'no-such-subject'.");
    expect(existsSync(join(work, 'unknown', 'codes.csv'))).toBe(false);
    const nowhere = await codesCommand(['list'], { PORT: '1' });
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toContain('No StudyCam server answers at http://127.0.0.1:1');
  }, 180_000);
});
