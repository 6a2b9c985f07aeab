import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCodeBatchPayload, CreateCodeBatchResponse } from '../../contract/codes';
import { expectAccessible } from './harness/accessibility';
import { phonesForThisFile } from './harness/file-phones';
import { type InProcessServer, startInProcessServer } from './harness/in-process-server';
import { MATHS, PHYSICS, type SignedInStudent } from './harness/journey';
import type { StudentApp } from './harness/student-app';

// Issue 20, access codes, in Chromium against the real server, in French then English: a student with no
// Mobile Money types a printed card's code (lower case, spaces) and studies; a mistyped code is caught before
// any request; a spent code is refused with its message; a class code admits two students. The server runs
// in this worker so the journey can make codes with the operator token, as `npm run codes` does.

const phones = phonesForThisFile();
let server: InProcessServer;
let batches = 0;

beforeAll(async () => {
  server = await startInProcessServer();
});
afterAll(async () => {
  await server?.close();
});

/** Codes as the operator makes them (POST /operator/codes/batches, what `npm run codes -- create` sends). */
async function makeCodes(body: Omit<CreateCodeBatchPayload, 'batch'>): Promise<string[]> {
  batches += 1;
  const response = await fetch(`${server.baseUrl}/operator/codes/batches`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ batch: `Librairie e2e ${batches}`, ...body }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as CreateCodeBatchResponse).codes;
}

/** Every redeem request the page sends, to show what never reached the server. */
function redeemRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/subjects/serial/redeem')) seen.push(request.postData() ?? '');
  });
  return seen;
}

async function typeCode(app: StudentApp, code: string): Promise<void> {
  await app.page.getByLabel(app.t('redeem.field'), { exact: true }).fill(code);
  await app.page.getByRole('button', { name: app.t('redeem.submit') }).click();
}

describe.each(['fr', 'en'] as const)('access codes (%s)', (lang) => {
  const student = (): Promise<SignedInStudent> => phones.signedInStudent({ baseUrl: server.baseUrl, lang });
  const shot = (app: StudentApp, step: string) => app.device.screenshot(`codes-${lang}-${step}`);

  it('redeems a card typed in lower case with spaces, after a mistyped one caught on the phone, and studies', async () => {
    const [card] = await makeCodes({ subjects: [MATHS.id, PHYSICS.id], days: 365, count: 1 });
    const code = card as string;
    const { app, account } = await student();
    const requests = redeemRequests(app.page);

    // From study-sections, empty for a student who never paid: "I have a code".
    await app.open('study-sections');
    await app.page
      .getByRole('link', { name: app.t('redeem.haveCode') })
      .first()
      .click();
    await app.page.getByRole('heading', { level: 1, name: app.t('redeem.title') }).waitFor();
    await expectAccessible(app.page, `${lang}-redeem`);

    // One character changed: the check character says so before anything is sent.
    const last = code.at(-1) === 'A' ? 'B' : 'A';
    await typeCode(app, `${code.slice(0, -1)}${last}`);
    await app.page.getByText(app.t('redeem.problem.mistyped')).waitFor();
    await shot(app, '01-mistyped');
    expect(requests, 'a mistyped code never reaches the server').toEqual([]);

    // The card's code as a student copies it: lower case, spaces for dashes.
    await typeCode(app, code.toLowerCase().replaceAll('-', ' '));
    const accepted =
      lang === 'fr'
        ? 'Votre code a été accepté : Mathematics Form 5, Physics Form 5'
        : 'Your code has been accepted: Mathematics Form 5, Physics Form 5';
    await shot(app, '02-accepted');
    await app.acknowledgeAlert(accepted, account.username);
    expect(requests.map((body) => JSON.parse(body))).toEqual([{ serialNumberHolder: code }]);
    await app.page.waitForFunction(() => window.location.hash.startsWith('#/study-sections'));
    await app.subjectCard(MATHS.title).waitFor();
    await shot(app, '03-study-sections');

    // And studies: the paid subject's lesson plays.
    await app.openSubjectVideos(MATHS.title);
    await app.openFirstTopic(MATHS.title);
    await app.openFirstVideo();
    await app.playVideo();
    await shot(app, '04-video');

    // The transactions tab lists it.
    await app.open('dashboard/tabs/transactions');
    await app.page.getByTestId('redemption').waitFor();
    expect(await app.page.getByTestId('redemption').textContent()).toContain(`Librairie e2e ${batches}`);
    await shot(app, '05-transactions');
    expect(app.device.pageErrors, 'uncaught errors in the page').toEqual([]);
  });

  it('refuses a spent code with its message, opened from a card’s link', async () => {
    const [card] = await makeCodes({ subjects: [MATHS.id], days: 30, count: 1 });
    const first = await student();
    await first.app.open(`redeem?code=${card}`);
    await first.app.page.getByRole('button', { name: first.app.t('redeem.submit') }).click();
    await first.app.alert().waitFor();

    const second = await student();
    await second.app.open(`redeem?code=${card}`);
    expect(await second.app.page.getByLabel(second.app.t('redeem.field'), { exact: true }).inputValue()).toBe(
      card,
    );
    await second.app.page.getByRole('button', { name: second.app.t('redeem.submit') }).click();
    const spent =
      lang === 'fr'
        ? "Ce code a déjà été utilisé : toutes les places qu'il donne sont prises."
        : 'This code has already been used: every place it gives is taken.';
    await second.app.page.getByRole('alert').filter({ hasText: spent }).waitFor();
    await shot(second.app, '06-spent');
    expect(await second.app.page.evaluate(() => window.location.hash)).toContain('#/redeem');
  });

  it('admits two students with one class code, from the cart and from a locked lesson', async () => {
    const [classCode] = await makeCodes({ subjects: [PHYSICS.id], days: 180, count: 1, seats: 2 });
    const code = classCode as string;

    // The first pupil, from the cart.
    const first = await student();
    await first.app.openCart();
    await first.app
      .cartDialog()
      .getByRole('button', { name: first.app.t('redeem.haveCode') })
      .click();
    await typeCode(first.app, code);
    await first.app.acknowledgeAlert(
      lang === 'fr' ? 'Votre code a été accepté' : 'Your code has been accepted',
      first.account.username,
    );
    await first.app.subjectCard(PHYSICS.title).waitFor();

    // The second, from a locked lesson of the subject.
    const second = await student();
    const [lesson] = await server.db.query<{ id: string }>(
      'SELECT id FROM videos WHERE subject_id = $1 ORDER BY position, id LIMIT 1',
      [PHYSICS.id],
    );
    // The lesson as a link opens it (the player reads the lesson from the page's query).
    await second.app.page.goto(`/?videoId=${lesson?.id}#/video-player`);
    await second.app.page.getByRole('heading', { level: 2, name: new RegExp(PHYSICS.title) }).waitFor();
    await shot(second.app, '07-locked-lesson');
    await second.app.page.getByRole('link', { name: second.app.t('redeem.haveCode') }).click();
    await typeCode(second.app, code.replaceAll('-', ''));
    await second.app.acknowledgeAlert(
      lang === 'fr' ? 'Votre code a été accepté' : 'Your code has been accepted',
      second.account.username,
    );
    await second.app.subjectCard(PHYSICS.title).waitFor();
    await shot(second.app, '08-class-code');

    const [row] = await server.db.query<{ seats_left: number; redemptions: number }>(
      `SELECT c.seats_left, (SELECT count(*)::int FROM code_redemptions r WHERE r.code_hash = c.code_hash) AS redemptions
         FROM access_codes c JOIN code_batches b ON b.id = c.batch_id WHERE b.name = $1`,
      [`Librairie e2e ${batches}`],
    );
    expect(row).toEqual({ seats_left: 0, redemptions: 2 });
  });
});
