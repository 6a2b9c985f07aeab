// npm run codes -- create | list | revoke   (issue 20; README "Serving a school or a bookshop")
// The operator's access codes, made and managed while the server runs: this command asks the running server
// (its operator routes, with the operator token), which holds the codes' hash key and the database, on
// PGlite as on PostgreSQL. The codes exist in clear only in the answer to `create`: they are written here
// once, to a CSV file and a printable A4 sheet of cards, in a new folder.
// Exit status: 0 done, 1 refused or failed (nothing made), 2 wrong usage.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type CodeBatch,
  type CodeBatchesResponse,
  type CreateCodeBatchPayload,
  type CreateCodeBatchResponse,
  MAX_BATCH_CODES,
  type RevokeCodeBatchResponse,
} from '../contract/codes';
import { cardsSheet, codesCsv, describeBatch } from './codes-sheet';

const USAGE = `Usage:
  npm run codes -- create --batch "Lycée de Buea 2026" (--subjects ID,ID… | --section SECTION) --days 365
                          --count 500 [--seats 60] [--expires 2027-07-31] [--out FOLDER]
  npm run codes -- list
  npm run codes -- revoke --batch "Lycée de Buea 2026"

  --subjects     subject ids, comma-separated (GET /subjects/subject/fetch-all lists them)
  --section      anglophone, francophone, diploma-exams, competitive-exams or extra-curricular: every paid
                 subject of it when a code is redeemed
  --days         days of access a code gives (from the student's current expiry while it runs)
  --count        codes to make (at most ${MAX_BATCH_CODES} a batch)
  --seats        students one code admits, each once (default 1: a card for one student; 60: a class code)
  --expires      last day (Cameroon time) the codes are accepted
  --out          folder for codes.csv and cards.html (default ./codes/<batch>); must not hold them already

The running server is found at STUDYCAM_URL, else http://127.0.0.1:$PORT (8080); the operator token is
OPERATOR_TOKEN, else the file operator-token in DATA_DIR (./data), which the server writes at its first start.
`;

class UsageError extends Error {}

/**
 * How long the server may take to answer before the command gives up: the largest batch (MAX_BATCH_CODES) is
 * written in one transaction, which a loaded server on a slow disk takes a while over; a server that
 * stopped answering must still end the command with a message rather than leave it hanging.
 */
const ANSWER_TIMEOUT_MS = 120_000;

function serverUrl(): string {
  const url = process.env.STUDYCAM_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
  return url.replace(/\/+$/, '');
}

function operatorToken(): string {
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN;
  const file = join(resolve(process.env.DATA_DIR ?? './data'), 'operator-token');
  if (!existsSync(file)) {
    throw new Error(
      `No operator token: set OPERATOR_TOKEN as the server has it, or DATA_DIR to the server's data folder (${file} does not exist; the server writes it at its first start).`,
    );
  }
  return readFileSync(file, 'utf8').trim();
}

async function ask<T>(method: string, path: string, body?: unknown): Promise<T> {
  const url = `${serverUrl()}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${operatorToken()}`,
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new Error(
      `No StudyCam server answers at ${serverUrl()} (${cause}): start it (npm start), or set STUDYCAM_URL / PORT to where it runs.`,
    );
  }
  const answer = (await response.json().catch(() => ({}))) as T & { msg?: string };
  if (!response.ok) throw new Error(`The server refused (${response.status}): ${answer.msg ?? 'no message'}`);
  return answer;
}

function slug(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain === '' ? 'batch' : plain.slice(0, 60);
}

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`--${name} must be a whole number above 0`);
  return Number(value);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function summaryLine(batch: CodeBatch): string {
  const state = batch.revokedAt !== null ? ' [withdrawn]' : '';
  return [
    `${batch.name}${state}: ${plural(batch.count, 'code')}, ${describeBatch(batch, 'en')}`,
    `  spent ${batch.spent}, unspent ${batch.unspent}, seats left ${batch.seatsLeft}, redemptions ${batch.redemptions}; made ${batch.createdAt.slice(0, 10)}`,
  ].join('\n');
}

async function create(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      batch: { type: 'string' },
      subjects: { type: 'string' },
      section: { type: 'string' },
      days: { type: 'string' },
      count: { type: 'string' },
      seats: { type: 'string' },
      expires: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values.batch === undefined || values.batch.trim() === '') throw new UsageError('--batch is required');
  if ((values.subjects === undefined) === (values.section === undefined)) {
    throw new UsageError('give either --subjects or --section');
  }
  const days = positive('days', values.days);
  const count = positive('count', values.count);
  if (days === undefined || count === undefined) throw new UsageError('--days and --count are required');
  if (values.expires !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.expires)) {
    throw new UsageError('--expires must be a date written YYYY-MM-DD');
  }
  // The codes come back once: where they go is checked before the server makes them.
  const folder = resolve(values.out ?? join('codes', slug(values.batch)));
  const csvFile = join(folder, 'codes.csv');
  const sheetFile = join(folder, 'cards.html');
  for (const file of [csvFile, sheetFile]) {
    if (existsSync(file)) throw new Error(`${file} already exists: choose another --out (nothing was made).`);
  }
  mkdirSync(folder, { recursive: true });

  const seats = positive('seats', values.seats);
  const body: CreateCodeBatchPayload = {
    batch: values.batch.trim(),
    days,
    count,
    ...(values.subjects === undefined
      ? {}
      : {
          subjects: values.subjects
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        }),
    ...(values.section === undefined ? {} : { section: values.section as CreateCodeBatchPayload['section'] }),
    ...(seats === undefined ? {} : { seats }),
    ...(values.expires === undefined ? {} : { expiresAt: values.expires }),
  };
  const made = await ask<CreateCodeBatchResponse>('POST', '/operator/codes/batches', body);
  // 'wx': never over a file that appeared meanwhile.
  writeFileSync(csvFile, codesCsv(made.batch, made.codes, made.redeemUrl), { flag: 'wx', mode: 0o600 });
  writeFileSync(sheetFile, await cardsSheet(made.batch, made.codes, made.redeemUrl), {
    flag: 'wx',
    mode: 0o600,
  });
  process.stdout.write(
    `${summaryLine(made.batch)}\nWrote ${plural(made.codes.length, 'code')} to ${csvFile}\n  and their cards to ${sheetFile} (open it in a browser and print it on A4).\nThe server keeps no copy of the codes: keep these files safe, and delete them once printed.\n`,
  );
  if (/\/\/(127\.0\.0\.1|localhost)[:/]/.test(made.redeemUrl)) {
    process.stdout.write(
      `Note: the QR codes open ${made.redeemUrl}…, an address of this machine only; set PUBLIC_URL on the server to the address students use.\n`,
    );
  }
  return 0;
}

async function list(args: string[]): Promise<number> {
  if (args.length > 0) throw new UsageError(`list takes no option (got ${args.join(' ')})`);
  const { batches } = await ask<CodeBatchesResponse>('GET', '/operator/codes/batches');
  if (batches.length === 0) process.stdout.write('No batch of codes yet.\n');
  for (const batch of batches) process.stdout.write(`${summaryLine(batch)}\n`);
  return 0;
}

async function revoke(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { batch: { type: 'string' } } });
  if (values.batch === undefined) throw new UsageError('--batch is required');
  const answer = await ask<RevokeCodeBatchResponse>('POST', '/operator/codes/batches/revoke', {
    batch: values.batch,
  });
  process.stdout.write(
    `Withdrew ${plural(answer.revoked, 'code')} that still had seats; students who redeemed one keep their access.\n${summaryLine(answer.batch)}\n`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  try {
    if (command === 'create') return await create(rest);
    if (command === 'list') return await list(rest);
    if (command === 'revoke') return await revoke(rest);
    throw new UsageError(`unknown command '${command}'`);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
