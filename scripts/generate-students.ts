// npm run generate-students -- <count>
// Adds <count> generated students to the database of DATA_DIR (the server stopped) or DATABASE_URL, each
// with what a year of use leaves: two subjects paid (two successful payments, access until next year), a
// timetable of ten periods, a study list of three items (each document with its revision), a comment, three
// reactions, twenty lesson views, five resume positions, and one shop order for every tenth student. For
// measuring what the product costs at a school's size (the backup figures in server/README.md); never on a
// database students use. Every generated student logs in with the password "generated-student".
// Exit status: 0 added, 1 refused or failed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { type Db, openPglite, openPostgres } from '../server/lib/db';
import { createPasswords } from '../server/lib/password';
import { commandConfigEnv } from './operator-command';

/** A UUID v4 (as payments' reference ids must be) made from an SQL text expression, the same every run. */
const uuidFrom = (seed: string) => {
  const h = `md5(${seed})`;
  return `substr(${h}, 1, 8) || '-' || substr(${h}, 9, 4) || '-4' || substr(${h}, 14, 3) || '-8' || substr(${h}, 18, 3) || '-' || substr(${h}, 21, 12)`;
};

/** One set-based statement a table: `$1` the first student's number, `$2` the last's, `$3` the password hash. */
const STATEMENTS: readonly string[] = [
  `INSERT INTO students (id, firstname, lastname, email, username, phonenumber, password_hash, created_at)
   SELECT 'gen-' || n, 'Élève', 'Généré ' || n, 'gen' || n || '@example.cm', 'gen' || n,
          '2376' || lpad(n::text, 8, '0'), $3, now() - interval '300 days' + (n % 300) * interval '1 day'
   FROM generate_series($1::int, $2::int) AS n`,
  // Two subjects each (the catalogue's subjects taken in turn), paid once each.
  `INSERT INTO payments (reference_id, external_id, student_id, items, total_cost, currency, msisdn, status,
                         created_at, settled_at, granted_at, kind)
   SELECT ${uuidFrom("'pay' || n || '-' || k")},
          'ORDER_gen-' || n || '_' || (1700000000000 + n * 10 + k),
          'gen-' || n, jsonb_build_array(jsonb_build_object('subjectId', s.id, 'amount', 1)), 2500, 'XAF',
          '2376' || lpad(n::text, 8, '0'), 'SUCCESSFUL', now() - interval '200 days', now() - interval '200 days',
          now() - interval '200 days', 'subjects'
   FROM generate_series($1::int, $2::int) AS n, generate_series(0, 1) AS k,
        LATERAL (SELECT id FROM subjects ORDER BY id OFFSET ((n * 2 + k) % (SELECT count(*) FROM subjects)) LIMIT 1) AS s`,
  `INSERT INTO subject_access (student_id, subject_id, expires_at)
   SELECT p.student_id, p.items -> 0 ->> 'subjectId', now() + interval '165 days'
   FROM payments p WHERE p.student_id IN (SELECT 'gen-' || n FROM generate_series($1::int, $2::int) AS n)
   ON CONFLICT DO NOTHING`,
  `INSERT INTO planner_documents (student_id, kind, id, revision, data)
   SELECT 'gen-' || n, 'timetable', 'tt-' || n, 1, jsonb_build_object('name', 'Emploi du temps', 'days',
          jsonb_build_array(1, 2, 3, 4, 5), 'periods', (SELECT jsonb_agg(jsonb_build_object('id', 'p' || p,
          'day', 1 + p % 5, 'start', lpad((7 + p / 5)::text, 2, '0') || ':30', 'end',
          lpad((8 + p / 5)::text, 2, '0') || ':25', 'subject', 'Mathématiques', 'teacher', 'M. Fotso', 'room',
          'Salle ' || p, 'colour', '#1565c0')) FROM generate_series(0, 9) AS p))
   FROM generate_series($1::int, $2::int) AS n
   UNION ALL
   SELECT 'gen-' || n, 'list', 'list-' || n, 1, jsonb_build_object('name', 'Révision du BAC')
   FROM generate_series($1::int, $2::int) AS n
   UNION ALL
   SELECT 'gen-' || n, 'item', 'item-' || n || '-' || i, 1, jsonb_build_object('listId', 'list-' || n, 'title',
          'Chapitre ' || i, 'due', null, 'reminderMinutes', 60, 'notes', 'Relire le cours et faire les exercices',
          'done', i = 1)
   FROM generate_series($1::int, $2::int) AS n, generate_series(1, 3) AS i`,
  `INSERT INTO planner_revisions (student_id, kind, id, revision, deleted, data)
   SELECT student_id, kind, id, revision, deleted, data FROM planner_documents
   WHERE student_id IN (SELECT 'gen-' || n FROM generate_series($1::int, $2::int) AS n)`,
  `INSERT INTO comments (id, video_id, student_id, username, text, created_at)
   SELECT 'gen-comment-' || n, v.id, 'gen-' || n, 'gen' || n,
          'Merci pour cette leçon, les exemples sont très clairs.', now() - (n % 100) * interval '1 day'
   FROM generate_series($1::int, $2::int) AS n,
        LATERAL (SELECT id FROM videos ORDER BY id OFFSET (n % (SELECT count(*) FROM videos)) LIMIT 1) AS v`,
  `INSERT INTO video_reactions (video_id, student_id, kind)
   SELECT v.id, 'gen-' || n, CASE WHEN k = 2 THEN 'dislike' ELSE 'like' END
   FROM generate_series($1::int, $2::int) AS n, generate_series(0, 2) AS k,
        LATERAL (SELECT id FROM videos ORDER BY id OFFSET ((n + k * 7) % (SELECT count(*) FROM videos)) LIMIT 1) AS v
   ON CONFLICT DO NOTHING`,
  `INSERT INTO video_views (video_id, student_id, viewed_at)
   SELECT v.id, 'gen-' || n, now() - (k * 9) * interval '1 day'
   FROM generate_series($1::int, $2::int) AS n, generate_series(0, 19) AS k,
        LATERAL (SELECT id FROM videos ORDER BY id OFFSET ((n + k) % (SELECT count(*) FROM videos)) LIMIT 1) AS v`,
  `INSERT INTO playback_positions (student_id, video_id, position_seconds, updated_at)
   SELECT 'gen-' || n, v.id, 30 + k * 41.5, now() - k * interval '1 day'
   FROM generate_series($1::int, $2::int) AS n, generate_series(0, 4) AS k,
        LATERAL (SELECT id FROM videos ORDER BY id OFFSET ((n + k) % (SELECT count(*) FROM videos)) LIMIT 1) AS v
   ON CONFLICT DO NOTHING`,
  // Every tenth student ordered one product of the shop, paid.
  `WITH chosen AS (
     SELECT n, pr.id AS product_id, pr.price,
            ${uuidFrom("'order' || n")} AS ref
     FROM generate_series($1::int, $2::int) AS n,
          LATERAL (SELECT id, price FROM products ORDER BY id OFFSET (n % (SELECT count(*) FROM products)) LIMIT 1) AS pr
     WHERE n % 10 = 0
   ), paid AS (
     INSERT INTO payments (reference_id, external_id, student_id, items, total_cost, currency, msisdn, status,
                           created_at, settled_at, granted_at, kind)
     SELECT ref, 'ORDER_gen-' || n || '_' || (1700000000000 + n * 10 + 9), 'gen-' || n, '[]'::jsonb, price,
            'XAF', '2376' || lpad(n::text, 8, '0'), 'SUCCESSFUL', now() - interval '90 days',
            now() - interval '90 days', now() - interval '90 days', 'order'
     FROM chosen RETURNING reference_id
   )
   INSERT INTO orders (reference_id, product_id, quantity, unit_price, town, status, created_at)
   SELECT ref, product_id, 1, price, 'Douala', 'PAID', now() - interval '90 days' FROM chosen`,
];

const BATCH = 1000;

async function open(): Promise<Db> {
  const config = loadConfig(commandConfigEnv());
  if (config.databaseUrl !== undefined) return openPostgres(config.databaseUrl);
  const database = join(config.dataDir, 'pglite');
  if (!existsSync(database))
    throw new Error(`There is no database in ${database}: start the server once first.`);
  return openPglite(database);
}

async function main(): Promise<number> {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1 || process.argv.length > 3) {
    process.stderr.write('Usage: npm run generate-students -- <count>   (the server stopped)\n');
    return 1;
  }
  const db = await open();
  try {
    const [{ taken } = { taken: 0 }] = await db.query<{ taken: number }>(
      "SELECT count(*)::int AS taken FROM students WHERE id LIKE 'gen-%'",
    );
    // The server's own parameters, so a generated student's hash costs what a real one does at login.
    const hash = await createPasswords(loadConfig(commandConfigEnv()).passwordHashing).hash(
      'generated-student',
    );
    const started = performance.now();
    for (let first = taken + 1; first <= taken + count; first += BATCH) {
      const last = Math.min(first + BATCH - 1, taken + count);
      await db.transaction(async (tx) => {
        for (const sql of STATEMENTS) {
          await tx.query(sql, sql.includes('$3') ? [first, last, hash] : [first, last]);
        }
      });
      process.stdout.write(`  students ${first} to ${last}\n`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Added ${count} generated students (gen-${taken + 1} to gen-${taken + count}) in ${seconds} s\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
