import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExport } from '../../contract/users';
import {
  listColumns,
  listForeignKeys,
  listTables,
  primaryKey,
  quoteIdentifier,
} from '../../server/backup/catalogue';
import type { Queryable } from '../../server/lib/db';
import { EXPORTED_TABLES } from '../../server/modules/users/data-export';
import { DATA_EXPORTS_PER_WINDOW } from '../../server/modules/users/data-export-routes';
import { createTestApp, type TestApp } from './helpers/app';
import { selfFetch } from './helpers/self-fetch';
import { type Activity, leaveActivity } from './helpers/student-activity';

/**
 * Issue 22, a student's own data. GET users/profile/export gives a student everything the server keeps about
 * them (and only them), in their language; deleting the account leaves nothing personal in any table. Both
 * checks read the schema from the database's catalogue, so a table added later fails here until it is
 * handled: exported (or said why not), and erased on deletion (or its columns said not personal, and why).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fetch: selfFetch(() => t.app) });
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
/** Letters only (a town takes no digits), different in every run and every student. */
function unique(prefix: string): string {
  serial += 1;
  const letters = `${Date.now().toString(36)}${process.pid.toString(36)}${serial}`
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')
    .slice(-10);
  return `${prefix}${letters}`;
}

/** A student with values found nowhere else in the database, who then uses every part of the product. */
async function activeStudent(): Promise<Activity & { marks: string[] }> {
  const phone = `2376${String(Date.now() + serial).slice(-8)}`;
  const student = await t.registerAndLogin({
    firstname: unique('Zephyrine'),
    lastname: unique('Mbarga'),
    phonenumber: phone,
  });
  const marks = {
    payer: phone,
    town: unique('Ngaoundere '),
    comment: 'Merci pour ce cours',
    pushToken: unique('fcm'),
  };
  const activity = await leaveActivity(t, student, marks);
  return {
    ...activity,
    marks: [
      student.firstname,
      student.lastname,
      student.email,
      student.username,
      student.phonenumber,
      marks.town,
      marks.pushToken,
      activity.picture.split('/').at(-1) as string,
    ],
  };
}

async function exportOf(headers: Record<string, string>, language = 'en') {
  return t.request<{ success: boolean; data: DataExport; msg?: string }>({
    method: 'GET',
    url: '/users/profile/export',
    headers: { ...headers, 'accept-language': language },
  });
}

describe('GET users/profile/export', () => {
  let amina: Activity;
  let other: Activity;
  beforeAll(async () => {
    amina = await activeStudent();
    other = await activeStudent();
  }, 120_000);

  it('gives the student their account, access, payments, orders, planner, comments and reactions', async () => {
    const { status, body, response } = await exportOf(amina.student.headers);
    expect(status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = body.data;
    expect(data).toMatchObject({
      format: 'studycam-personal-data',
      language: 'en',
      account: {
        id: amina.student.id,
        firstname: amina.student.firstname,
        email: amina.student.email,
        phonenumber: amina.student.phonenumber,
        profilePicture: expect.stringContaining(amina.picture),
      },
    });
    // The picture's address as the user object gives it, absolute (new URL() throws on a bare path).
    expect(new URL(String(data.account.profilePicture)).pathname).toBe(amina.picture);
    expect(data.access).toEqual([
      expect.objectContaining({
        subjectId: amina.subject.id,
        subjectTitle: amina.subject.title,
        expired: false,
      }),
    ]);
    const payment = data.payments.find((entry) => entry.referenceId === amina.paymentReference);
    expect(payment).toMatchObject({
      kind: 'subjects',
      status: 'SUCCESSFUL',
      amount: amina.subject.price,
      currency: 'XAF',
      payer: amina.payer,
      items: [{ subjectId: amina.subject.id, subjectTitle: amina.subject.title, periods: 1 }],
    });
    expect(data.payments.find((entry) => entry.referenceId === amina.orderReference)?.kind).toBe('order');
    expect(data.orders).toEqual([
      expect.objectContaining({
        referenceId: amina.orderReference,
        productTitle: 'Geometry set',
        quantity: 1,
        town: amina.town,
        status: 'PAID',
      }),
    ]);
    expect(data.planner.map((doc) => `${doc.kind}/${doc.id}`).sort()).toEqual([
      'item/item-1',
      'list/list-1',
      'timetable/tt-1',
    ]);
    expect(data.comments).toEqual([
      expect.objectContaining({
        id: amina.commentId,
        text: amina.commentText,
        videoId: 'ext-study-skills-v01',
      }),
    ]);
    expect(data.reactions).toEqual([
      expect.objectContaining({ videoId: 'ext-study-skills-v01', kind: 'like' }),
    ]);
    expect(data.commentLikes).toEqual([expect.objectContaining({ commentId: amina.commentId })]);
    expect(data.views).toHaveLength(1);
    expect(data.positions).toEqual([expect.objectContaining({ positionSeconds: 42 })]);
    expect(data.devices).toEqual([expect.objectContaining({ platform: 'android', token: amina.pushToken })]);
    expect(data.passwordResets).toEqual([expect.objectContaining({ used: false })]);
  });

  it('holds nothing of another student', async () => {
    const text = JSON.stringify((await exportOf(amina.student.headers)).body.data);
    for (const value of [
      other.student.id,
      other.student.email,
      other.student.phonenumber,
      other.town,
      other.pushToken,
    ]) {
      expect(text).not.toContain(value);
    }
    expect((await exportOf(other.student.headers)).body.data.account.id).toBe(other.student.id);
  });

  it('names products in the language asked for', async () => {
    const { body } = await exportOf(amina.student.headers, 'fr-CM,fr;q=0.9');
    expect(body.data.language).toBe('fr');
    expect(body.data.orders[0]?.productTitle).toBe('Boîte de géométrie');
  });

  it('is refused without a valid session, and after the account is deleted', async () => {
    expect((await t.request({ method: 'GET', url: '/users/profile/export' })).status).toBe(401);
    const leaving = await t.registerAndLogin();
    await t.request({
      method: 'POST',
      url: '/users/student/delete_account',
      headers: leaving.headers,
      payload: { password: leaving.password },
    });
    expect((await exportOf(leaving.headers)).status).toBe(401);
  });

  it('is limited per account, with a translated 429 that says when to come back', async () => {
    const busy = await t.registerAndLogin();
    for (let n = 0; n < DATA_EXPORTS_PER_WINDOW; n += 1)
      expect((await exportOf(busy.headers)).status).toBe(200);
    const refused = await exportOf(busy.headers, 'fr');
    expect(refused.status).toBe(429);
    expect(refused.response.headers['retry-after']).toBeDefined();
    expect(refused.body.msg).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ min\.$/);
    // Another account, on the same address, is not held back by it.
    expect((await exportOf(amina.student.headers)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Deleting an account: every table of the catalogue, classified.

const KEPT = (why: string) => ({ kept: why });
const ERASED = 'erased' as const;
/** A JSON column whose personal parts go and the rest stays: no mark of the student may be left in it. */
const SCRUBBED = 'scrubbed' as const;
type ColumnRule = { kept: string } | typeof ERASED | typeof SCRUBBED;
type TableRule =
  /** Nobody's personal data: the catalogue, the content screens, the server's own credentials. */
  | { notPersonal: string }
  /** The student's rows go with the account. */
  | { rowsDeleted: string }
  /** The student's rows stay (others need them): each column either kept, with why, or erased. */
  | { columns: Record<string, ColumnRule> };

/**
 * Every table, and for tables whose rows outlive the account every column: what deletion does with it. A table
 * or column missing here fails the test: decide, then write it down.
 */
const TABLES: Record<string, TableRule> = {
  subjects: { notPersonal: 'the catalogue' },
  videos: { notPersonal: 'the catalogue; views, likes and dislikes are totals' },
  video_renditions: { notPersonal: "the lessons' files" },
  video_captions: { notPersonal: "the lessons' captions" },
  content_imports: { notPersonal: 'lessons imported by the operator' },
  books: { notPersonal: 'content' },
  scholarships: { notPersonal: 'content' },
  happenings: { notPersonal: 'content' },
  products: { notPersonal: "the shop's products; stock is a count" },
  live_tv_channels: { notPersonal: 'content' },
  revoked_tokens: { notPersonal: 'random token ids and their expiry, naming nobody' },
  momo_client_credentials: { notPersonal: "this server's own api user at the provider" },
  momo_sandbox_api_users: { notPersonal: "the emulator's api users: this server's, not a student's" },
  momo_sandbox_tokens: { notPersonal: "the emulator's access tokens for those api users" },
  code_batches: { notPersonal: "the operator's batches of access codes: a school's or a bookshop's name" },
  access_codes: { notPersonal: 'keyed hashes of codes and their seats left, naming nobody' },

  subject_access: { rowsDeleted: 'what the student bought access to' },
  password_resets: { rowsDeleted: 'reset links of the account' },
  push_tokens: { rowsDeleted: "the student's devices" },
  video_reactions: { rowsDeleted: 'likes and dislikes (the totals on videos stay)' },
  video_views: { rowsDeleted: 'what the student watched, when' },
  comment_likes: { rowsDeleted: 'comments the student liked (the total on the comment stays)' },
  playback_positions: { rowsDeleted: 'where the student stopped in each lesson' },
  planner_documents: { rowsDeleted: "the student's timetables and lists (migration 006's trigger)" },
  planner_revisions: { rowsDeleted: 'their earlier versions, with the documents' },

  students: {
    columns: {
      id: KEPT('the key the kept payments and comments point to; it names nobody once the rest is erased'),
      firstname: ERASED,
      lastname: ERASED,
      email: ERASED,
      username: ERASED,
      phonenumber: ERASED,
      password_hash: ERASED,
      profile_picture: ERASED,
      role: KEPT('STUDENT, the same for every account'),
      created_at: KEPT('when an account was opened: a count for the school, nobody in particular'),
      token_version: KEPT("bumped by the deletion: the account's last tokens stay refused"),
      deleted_at: KEPT('when the account was erased'),
      language: KEPT('the language the app was in (migration 010): names nobody'),
    },
  },
  code_redemptions: {
    columns: {
      id: KEPT('a random id'),
      code_hash: KEPT('the seat stays taken: a spent code is not spent again'),
      student_id: ERASED,
      granted: KEPT('the subjects and expiries the seat gave, naming nobody once the student is erased'),
      days: KEPT("the code's days"),
      redeemed_at: KEPT('when the seat was taken'),
    },
  },
  payments: {
    columns: {
      reference_id: KEPT("the provider's reference: the accountant matches statements with it"),
      external_id: KEPT(
        'ORDER_<account id>_<time>: the reference the provider keeps too; no name, phone or e-mail',
      ),
      student_id: ERASED,
      msisdn: ERASED,
      items: KEPT('what was bought: subjects and access periods'),
      total_cost: KEPT('the amount'),
      currency: KEPT('the currency'),
      status: KEPT("the payment's outcome"),
      reason: KEPT("the provider's reason for a failure"),
      financial_transaction_id: KEPT("the provider's transaction id, for the accounts"),
      created_at: KEPT('when it was made'),
      settled_at: KEPT('when it was settled'),
      granted_at: KEPT('when access was granted (once)'),
      kind: KEPT('subjects or a shop order'),
      start_key: KEPT('the external id again, for idempotent starts'),
      idempotency_key: KEPT('a random key the app chose'),
      provider_accepted_at: KEPT('processing state'),
      not_found_since: KEPT('processing state'),
      not_found_reads: KEPT('processing state'),
      next_check_at: KEPT('processing state'),
      check_attempts: KEPT('processing state'),
    },
  },
  orders: {
    columns: {
      reference_id: KEPT('the payment it belongs to'),
      product_id: KEPT('what was sold, for the accounts and the stock'),
      quantity: KEPT('how many'),
      unit_price: KEPT('at what price'),
      status: KEPT("the order's outcome"),
      created_at: KEPT('when'),
      updated_at: KEPT('when it last changed'),
      town: ERASED,
    },
  },
  comments: {
    columns: {
      id: KEPT('a published comment stays without its author (server/README.md)'),
      video_id: KEPT('the lesson it is about'),
      text: KEPT('what was published, read by other students'),
      likes: KEPT('a count'),
      created_at: KEPT('when it was published'),
      student_id: ERASED,
      username: ERASED,
    },
  },
  momo_sandbox_transactions: {
    columns: {
      reference_id: KEPT("the provider emulator's copy of the payment: the provider keeps its own records"),
      api_user_id: KEPT("this server's api user"),
      body: SCRUBBED,
      created_at_ms: KEPT('when'),
      settles_at_ms: KEPT('when it settles'),
      failure_reason: KEPT('the outcome'),
      financial_transaction_id: KEPT("the provider's transaction id"),
      callback_url: KEPT("this server's callback address"),
      callback_delivered: KEPT('processing state'),
    },
  },
};

/**
 * Links between tables that no foreign key states: the emulator plays an outside provider, so its copy of a
 * payment is joined by the reference id, as the real provider's would be.
 */
const UNDECLARED_LINKS = [
  {
    table: 'momo_sandbox_transactions',
    columns: ['reference_id'],
    references: 'payments',
    referencedColumns: ['reference_id'],
  },
];

/** A row as PostgreSQL's row_to_json wrote it (its exact text, to find it again), and parsed. */
interface StoredRow {
  line: string;
  row: Record<string, unknown>;
}
type Linked = Map<string, StoredRow[]>;

async function select(db: Queryable, table: string, where: string, params: unknown[]): Promise<StoredRow[]> {
  const rows = await db.query<{ line: string }>(
    `SELECT row_to_json(t)::text AS line FROM ${quoteIdentifier(table)} t WHERE ${where}`,
    params,
  );
  return rows.map(({ line }) => ({ line, row: JSON.parse(line) as Record<string, unknown> }));
}

/** `(a::text = $1 AND b::text = $2) OR (…)`: rows whose columns hold one of the tuples. */
function matching(
  columns: readonly string[],
  tuples: readonly unknown[][],
): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = tuples
    .map((tuple) => {
      const terms = columns.map((column, n) => {
        params.push(tuple[n] === null || tuple[n] === undefined ? null : String(tuple[n]));
        return `${quoteIdentifier(column)}::text = $${params.length}`;
      });
      return `(${terms.join(' AND ')})`;
    })
    .join(' OR ');
  return { where: where || 'false', params };
}

/** Every row that is the student's or hangs from one of theirs, through the foreign keys, before deletion. */
async function rowsOf(db: Queryable, studentId: string): Promise<Linked> {
  const keys = [...(await listForeignKeys(db)), ...UNDECLARED_LINKS];
  const linked: Linked = new Map([['students', await select(db, 'students', 'id = $1', [studentId])]]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const key of keys) {
      const parents = linked.get(key.references) ?? [];
      if (parents.length === 0) continue;
      const tuples = parents.map(({ row }) => key.referencedColumns.map((column) => row[column]));
      const { where, params } = matching(key.columns, tuples);
      const known = linked.get(key.table) ?? [];
      const seen = new Set(known.map((stored) => stored.line));
      const added = (await select(db, key.table, where, params)).filter((stored) => !seen.has(stored.line));
      if (added.length > 0) {
        linked.set(key.table, [...known, ...added]);
        grew = true;
      }
    }
  }
  return linked;
}

/** The row now: found again by its primary key, or (a table without one) by its whole unchanged text. */
async function rowNow(
  db: Queryable,
  table: string,
  stored: StoredRow,
): Promise<Record<string, unknown> | undefined> {
  const key = await primaryKey(db, table);
  const byKey = matching(key, [key.map((column) => stored.row[column])]);
  const [found] =
    key.length > 0
      ? await select(db, table, byKey.where, byKey.params)
      : await select(db, table, 'row_to_json(t)::text = $1', [stored.line]);
  return found?.row;
}

describe('deleting an account', () => {
  it('leaves nothing personal in any table of the catalogue', { timeout: 120_000 }, async () => {
    const leaving = await activeStudent();
    const before = await rowsOf(t.db, leaving.student.id);
    // The walk found the student's rows in the tables their activity wrote.
    for (const table of [
      'payments',
      'orders',
      'planner_documents',
      'planner_revisions',
      'comments',
      'momo_sandbox_transactions',
    ]) {
      expect(before.get(table)?.length, table).toBeGreaterThan(0);
    }
    const deleted = await t.request({
      method: 'POST',
      url: '/users/student/delete_account',
      headers: leaving.student.headers,
      payload: { password: leaving.student.password },
    });
    expect(deleted.status).toBe(200);

    const problems: string[] = [];
    for (const table of await listTables(t.db)) {
      const rule = TABLES[table];
      if (rule === undefined) {
        problems.push(
          `table ${table} is not classified: say in TABLES what deleting an account does with it`,
        );
        continue;
      }
      const rows = before.get(table) ?? [];
      if ('notPersonal' in rule) {
        if (rows.length > 0)
          problems.push(`table ${table} is said not personal but holds rows of the student`);
        continue;
      }
      if ('rowsDeleted' in rule) {
        for (const row of rows) {
          if ((await rowNow(t.db, table, row)) !== undefined)
            problems.push(`a row of ${table} outlived the account`);
        }
        continue;
      }
      for (const column of await listColumns(t.db, table)) {
        if (rule.columns[column.name] === undefined) {
          problems.push(`column ${table}.${column.name} is not classified: erased, or kept and why`);
        }
      }
      for (const row of rows) {
        const now = await rowNow(t.db, table, row);
        if (now === undefined) continue;
        for (const [column, columnRule] of Object.entries(rule.columns)) {
          const value = now[column];
          if (columnRule === ERASED && value !== null && value !== undefined && value !== '') {
            problems.push(`${table}.${column} still holds ${JSON.stringify(value)}`);
          }
          if (columnRule === SCRUBBED) {
            const text = JSON.stringify(value);
            for (const mark of leaving.marks)
              if (text.includes(mark)) problems.push(`${table}.${column} still holds ${mark}`);
          }
        }
      }
    }
    // And anywhere else, under any name: none of the student's own values is left in the database.
    for (const table of await listTables(t.db)) {
      const rows = await t.db.query<{ line: string }>(
        `SELECT row_to_json(t)::text AS line FROM ${quoteIdentifier(table)} t`,
      );
      for (const mark of leaving.marks) {
        if (rows.some((row) => row.line.toLowerCase().includes(mark.toLowerCase()))) {
          problems.push(`table ${table} still holds ${mark}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(existsSync(join(t.config.dataDir, 'uploads', leaving.picture.split('/').at(-1) as string))).toBe(
      false,
    );
  });

  it('the export reads every table that refers to a student, or the table says why not', async () => {
    // Tables whose rows refer to a student only through another one the export already reads.
    const throughAnother: Record<string, string> = {
      planner_revisions: 'earlier versions of the planner documents, whose current version is exported',
    };
    const keys = await listForeignKeys(t.db);
    const referring = new Set(keys.filter((key) => key.references === 'students').map((key) => key.table));
    for (const table of referring) {
      expect(
        (EXPORTED_TABLES as readonly string[]).includes(table) || table in throughAnother,
        `${table} refers to students: add it to the export (server/modules/users/data-export.ts)`,
      ).toBe(true);
    }
  });
});
