import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataExport, DataExportResponse } from '../../../contract/users';
import Profile from '../../../src/screens/Profile';
import { type RenderAppOptions, renderWithApp } from '../helpers/render-app';
import { amina, loggedInStorage, serverSays } from './account-fixtures';

// "Download my data" on the profile screen: the server's export saved on the device as the JSON file itself
// or as a summary in the student's language.

// Amina's account as the export lists it: her profile without the app's own fields.
const { paidSubjects: _paidSubjects, language: _language, ...aminaAccount } = amina;

const exported: DataExport = {
  format: 'studycam-personal-data',
  formatVersion: 1,
  exportedAt: '2026-11-26T08:30:00.000Z',
  language: 'fr',
  account: aminaAccount,
  access: [
    { subjectId: 's1', subjectTitle: 'Mathématiques', expiresAt: '2027-01-05T10:00:00.000Z', expired: false },
    { subjectId: 's2', subjectTitle: 'Chimie', expiresAt: '2026-03-01T10:00:00.000Z', expired: true },
  ],
  payments: [
    {
      referenceId: 'ref-1',
      externalId: 'ORDER_u1_1',
      kind: 'subjects',
      status: 'SUCCESSFUL',
      reason: null,
      amount: 2500,
      currency: 'XAF',
      payer: '237677123456',
      createdAt: '2026-01-05T10:00:00.000Z',
      settledAt: '2026-01-05T10:01:00.000Z',
      items: [{ subjectId: 's1', subjectTitle: 'Mathématiques', periods: 1 }],
    },
  ],
  orders: [
    {
      referenceId: 'ref-2',
      productId: 'p1',
      productTitle: 'Cahier de 200 pages',
      quantity: 2,
      unitPrice: 1500,
      town: 'Bafoussam',
      status: 'PAID',
      createdAt: '2026-02-10T09:00:00.000Z',
    },
  ],
  planner: [
    {
      kind: 'timetable',
      id: 't1',
      revision: 1,
      deleted: false,
      updatedAt: '2026-02-01T00:00:00.000Z',
      data: { name: 'Terminale C' },
    },
    {
      kind: 'list',
      id: 'l1',
      revision: 1,
      deleted: false,
      updatedAt: '2026-02-01T00:00:00.000Z',
      data: { name: 'Bac blanc' },
    },
    {
      kind: 'item',
      id: 'i1',
      revision: 1,
      deleted: false,
      updatedAt: '2026-02-01T00:00:00.000Z',
      data: { listId: 'l1', title: 'Intégrales' },
    },
    {
      kind: 'item',
      id: 'i2',
      revision: 1,
      deleted: false,
      updatedAt: '2026-02-01T00:00:00.000Z',
      data: { listId: 'l1', title: 'Suites' },
    },
    {
      kind: 'list',
      id: 'l2',
      revision: 2,
      deleted: true,
      updatedAt: '2026-02-02T00:00:00.000Z',
      data: { name: 'Effacée' },
    },
  ],
  comments: [
    {
      id: 'c1',
      videoId: 'v1',
      videoTitle: 'Les dérivées',
      text: 'Merci, très clair !',
      likes: 3,
      createdAt: '2026-02-03T00:00:00.000Z',
    },
  ],
  reactions: [{ videoId: 'v1', videoTitle: 'Les dérivées', kind: 'like' }],
  commentLikes: [{ commentId: 'c9', videoId: 'v1', videoTitle: 'Les dérivées' }],
  views: [
    { videoId: 'v1', videoTitle: 'Les dérivées', viewedAt: '2026-02-03T00:00:00.000Z' },
    { videoId: 'v1', videoTitle: 'Les dérivées', viewedAt: '2026-02-04T00:00:00.000Z' },
  ],
  positions: [
    {
      videoId: 'v1',
      videoTitle: 'Les dérivées',
      positionSeconds: 125.4,
      updatedAt: '2026-02-04T00:00:00.000Z',
    },
  ],
  devices: [],
  passwordResets: [],
  codeRedemptions: [
    {
      batch: 'Lycée de Buea 2026',
      redeemedAt: '2026-02-01T09:00:00.000Z',
      days: 365,
      granted: [{ subjectId: 'maths', subjectTitle: 'Mathématiques', expiresAt: '2027-02-01T09:00:00.000Z' }],
    },
  ],
};
const answer: DataExportResponse = { success: true, data: exported };

/** jsdom's Blob has no text(): read it as a browser did before it had one. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

/** The text of the n-th file saved. */
async function savedText(n: number): Promise<string> {
  const file = saved[n];
  if (!file) throw new Error(`no file ${n} was saved`);
  return textOf(file.blob);
}

/** The files the page handed the browser to save: their names and contents. */
let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
});
afterEach(() => vi.restoreAllMocks());

const renderProfile = (api: RenderAppOptions['api'], lang: 'en' | 'fr') =>
  renderWithApp(<Profile />, {
    path: '/profile',
    api,
    storage: { ...loggedInStorage(amina), language: lang },
    lang,
  });

const myData = (name: string) => within(screen.getByRole('region', { name }));

/** The student, on the profile in `lang` with the export answered, asks for the summary to read. */
async function askForSummary(lang: 'en' | 'fr'): Promise<void> {
  const [section, button] =
    lang === 'fr'
      ? ['Mes données', 'Télécharger un résumé à lire']
      : ['My data', 'Download a summary to read'];
  renderProfile({ exportMyData: vi.fn().mockResolvedValue(answer) }, lang);
  await userEvent.setup().click(myData(section).getByRole('button', { name: button }));
  await waitFor(() => expect(saved).toHaveLength(1));
}

describe('Profile: download my data', () => {
  it('saves the JSON file the server sent, in French, and says where it is', async () => {
    const exportMyData = vi.fn().mockResolvedValue(answer);
    renderProfile({ exportMyData }, 'fr');
    await userEvent
      .setup()
      .click(myData('Mes données').getByRole('button', { name: 'Télécharger mes données (fichier JSON)' }));
    expect(
      await myData('Mes données').findByText(
        'Enregistré : studycam-mes-donnees-2026-11-26.json. Vous le trouverez dans vos téléchargements.',
      ),
    ).toBeInTheDocument();
    expect(exportMyData).toHaveBeenCalledTimes(1);
    expect(saved.map((file) => file.name)).toEqual(['studycam-mes-donnees-2026-11-26.json']);
    expect(saved[0]?.blob.type).toBe('application/json');
    expect(JSON.parse(await savedText(0))).toEqual(exported);
  });

  it('writes a summary a student reads, in French', async () => {
    await askForSummary('fr');
    expect(saved[0]?.name).toBe('studycam-mes-donnees-2026-11-26.txt');
    // French puts (narrow) no-break spaces in amounts and inside « »: compared as spaces.
    const text = (await savedText(0)).replace(/[\u00a0\u202f]/g, ' ');
    for (const line of [
      'StudyCam : les données que nous conservons sur Amina Njoya',
      '  Adresse e-mail : amina@example.cm',
      '  Numéro de téléphone : 237677123456',
      '  Mathématiques : accès jusqu’au 5 janv. 2027',
      '  Chimie : accès terminé le 1 mars 2026',
      'Réussi : Mathématiques (référence ref-1)',
      '2 × Cahier de 200 pages à 1 500 FCFA l’unité, livraison à Bafoussam (Payée, à livrer)',
      '  Emploi du temps : Terminale C',
      '  Liste de révision : Bac blanc (2 éléments)',
      'sur « Les dérivées » : Merci, très clair !',
      '  Vous aimez « Les dérivées »',
      '  Vous avez aimé 1 commentaire',
      '  2 visionnages de leçons enregistrés',
      '  « Les dérivées » : arrêté à 2:05',
      'Codes d’accès utilisés\n  1 févr. 2026, Lycée de Buea 2026 : Mathématiques, pour 365 jours',
      'Téléphones enregistrés pour les notifications\n  Rien pour l’instant',
    ]) {
      expect(text).toContain(line);
    }
    // A list the student deleted is not theirs any more.
    expect(text).not.toContain('Effacée');
  });

  it('writes the summary in English for an English-speaking student', async () => {
    await askForSummary('en');
    expect(saved[0]?.name).toBe('studycam-my-data-2026-11-26.txt');
    const text = await savedText(0);
    expect(text).toContain('StudyCam: the data we keep about Amina Njoya');
    expect(text).toContain('  E-mail address: amina@example.cm');
    expect(text).toContain('  Study list: Bac blanc (2 items)');
    expect(text).toContain('  You liked 1 comment');
    expect(
      await myData('My data').findByText(
        'Saved: studycam-my-data-2026-11-26.txt. Look for it in your downloads.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal, saves nothing, and lets the student try again", async () => {
    const exportMyData = vi
      .fn()
      .mockRejectedValueOnce(serverSays(429, 'Trop de demandes. Réessayez dans une heure.'))
      .mockResolvedValueOnce(answer);
    renderProfile({ exportMyData }, 'fr');
    const user = userEvent.setup();
    const button = () =>
      myData('Mes données').getByRole('button', { name: 'Télécharger mes données (fichier JSON)' });
    await user.click(button());
    expect(await myData('Mes données').findByRole('alert')).toHaveTextContent(
      'Trop de demandes. Réessayez dans une heure.',
    );
    expect(saved).toEqual([]);
    await user.click(button());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(myData('Mes données').queryByRole('alert')).toBeNull();
  });

  it('can be downloaded again, as the other file', async () => {
    const exportMyData = vi.fn().mockResolvedValue(answer);
    renderProfile({ exportMyData }, 'fr');
    const user = userEvent.setup();
    await user.click(
      myData('Mes données').getByRole('button', { name: 'Télécharger mes données (fichier JSON)' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(myData('Mes données').getByRole('button', { name: 'Télécharger un résumé à lire' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((file) => file.name)).toEqual([
      'studycam-mes-donnees-2026-11-26.json',
      'studycam-mes-donnees-2026-11-26.txt',
    ]);
    expect(exportMyData).toHaveBeenCalledTimes(2);
  });
});
