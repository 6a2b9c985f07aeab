import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '../../contract/users';
import { expectAccessible } from './harness/accessibility';
import type { Lang } from './harness/dictionary';
import { phonesForThisFile } from './harness/file-phones';
import { MATHS, PAYERS } from './harness/journey';

// "Download my data" (issue 22): a paying student saves, from the profile screen, the JSON file of everything
// the server keeps about them and a summary to read, both in the language the app is in. French first.

const phones = phonesForThisFile();

async function contentOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe.each<Lang>(['fr', 'en'])('download my data (%s)', (lang) => {
  it('saves the JSON file and a summary of the paying student, in their language', {
    timeout: 120_000,
  }, async () => {
    const { device, app, account, api } = await phones.signedInStudent({ lang });
    const session = await api.login(account);
    await api.payFor({ ...session, username: account.username }, MATHS, PAYERS.ordinary);
    await app.open('profile');
    const card = app.page.getByRole('region', { name: app.t('profile.data.title') });
    await card.getByRole('button', { name: app.t('profile.data.json') }).scrollIntoViewIfNeeded();
    await expectAccessible(app.page, `profile-my-data-${lang}`);

    const [json] = await Promise.all([
      app.page.waitForEvent('download'),
      card.getByRole('button', { name: app.t('profile.data.json') }).click(),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(json.suggestedFilename()).toBe(`${app.t('profile.data.fileName', { date: today })}.json`);
    const data = JSON.parse(await contentOf(json)) as DataExport;
    expect(data.language).toBe(lang);
    expect(data.account).toMatchObject({ username: account.username, email: account.email });
    expect(data.access.map((access) => access.subjectId)).toEqual([MATHS.id]);
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0]).toMatchObject({
      status: 'SUCCESSFUL',
      amount: MATHS.price,
      payer: PAYERS.ordinary,
    });
    await card.getByText(app.t('profile.data.saved', { file: json.suggestedFilename() })).waitFor();
    await device.screenshot(`profile-my-data-saved-${lang}`);

    const [summary] = await Promise.all([
      app.page.waitForEvent('download'),
      card.getByRole('button', { name: app.t('profile.data.summaryButton') }).click(),
    ]);
    expect(summary.suggestedFilename()).toBe(`${app.t('profile.data.fileName', { date: today })}.txt`);
    const text = await contentOf(summary);
    const name = `${account.firstname} ${account.lastname}`;
    expect(text).toContain(app.t('profile.data.summary.heading', { name }));
    expect(text).toContain(
      app.t('profile.data.summary.field', { label: app.t('account.fields.email'), value: account.email }),
    );
    expect(text).toContain(`${data.access[0]?.subjectTitle} `);
    expect(text).toContain(app.t('checkout.status.successful'));
    expect(text).toContain(app.t('profile.data.summary.footer'));
    expect(device.pageErrors).toEqual([]);
  });
});
