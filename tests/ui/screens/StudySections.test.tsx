import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatFcfa } from '../../../src/rules/money';
import StudySections from '../../../src/screens/StudySections';
import { renderWithApp } from '../helpers/render-app';
import { DAY, loggedInStorage, NOW, SUBJECTS } from './catalogue-fixtures';

const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('study-sections', () => {
  const paidSubjects = [
    { subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', expiresAt: at(7 * DAY + 60_000) },
    { subjectId: 'ang-physics-us', subjectTitle: 'Physics Upper Sixth', expiresAt: at(6 * DAY) },
    { subjectId: 'fr-maths-3e', subjectTitle: 'Mathématiques 3e', expiresAt: at(-2 * DAY) },
  ];
  const renderStudy = () =>
    renderWithApp(<StudySections />, {
      now: () => NOW,
      storage: loggedInStorage({ paidSubjects }, NOW),
      api: { fetchSubjects: async () => SUBJECTS },
    });

  it('lists the paid subjects, soonest expiry first, with their pictures and dates in the language', async () => {
    renderStudy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Mathématiques 3e',
      'Physics Upper Sixth',
      'Mathematics Form 5',
    ]);
    expect(cards[2]?.querySelector('img')).toHaveAttribute('src', 'https://cdn.test/ang-maths-f5.webp');
    expect(within(cards[2] as HTMLElement).getByTestId('access-status')).toHaveTextContent(
      'Access until 8 Mar 2026',
    );
    expect(within(cards[1] as HTMLElement).getByTestId('access-status')).toHaveTextContent(
      'Expires soon: 7 Mar 2026',
    );
    expect(within(cards[0] as HTMLElement).getByTestId('access-status')).toHaveTextContent(
      'Expired on 27 Feb 2026',
    );
  });

  it('shows an owner the access, not the price: the price only beside Renew, as what renewing costs', async () => {
    renderStudy();
    await screen.findAllByRole('article');
    const card = (name: string) => screen.getByRole('article', { name });
    // Defect 10: "My subjects" showed the price of subjects already bought.
    expect(within(card('Mathematics Form 5')).queryByTestId('price')).not.toBeInTheDocument();
    expect(within(card('Mathematics Form 5')).getByTestId('access-status')).toHaveTextContent(
      'Access until 8 Mar 2026',
    );
    expect(within(card('Physics Upper Sixth')).getByTestId('price').textContent).toBe(formatFcfa(3500, 'en'));
    expect(within(card('Mathématiques 3e')).getByTestId('price').textContent).toBe(formatFcfa(12000, 'en'));
  });

  it('offers Renew only when expired or within 7 days, and renewing adds the subject to the cart', async () => {
    const view = renderStudy();
    await screen.findAllByRole('article');
    const card = (name: string) => screen.getByRole('article', { name });
    expect(
      within(card('Mathematics Form 5')).queryByRole('button', { name: 'Renew' }),
    ).not.toBeInTheDocument();
    expect(within(card('Physics Upper Sixth')).getByRole('button', { name: 'Renew' })).toBeInTheDocument();
    await userEvent.setup().click(within(card('Mathématiques 3e')).getByRole('button', { name: 'Renew' }));
    expect(view.context.cart.getSnapshot().context.items).toEqual([
      {
        _id: 'fr-maths-3e',
        subjectTitle: 'Mathématiques 3e',
        pictureurl: 'https://cdn.test/fr-maths-3e.webp',
        price: 12000,
        amount: 1,
      },
    ]);
    expect(within(card('Mathématiques 3e')).getByText('In your cart')).toBeInTheDocument();
    expect(within(card('Mathématiques 3e')).getByRole('link', { name: 'Watch videos' })).toHaveAttribute(
      'href',
      '/francophone-videos',
    );
  });

  it('writes the dates in French', async () => {
    renderWithApp(<StudySections />, {
      now: () => NOW,
      lang: 'fr',
      storage: { ...loggedInStorage({ paidSubjects }, NOW), language: 'fr' },
      api: { fetchSubjects: async () => SUBJECTS },
    });
    const card = await screen.findByRole('article', { name: 'Mathématiques 3e' });
    expect(within(card).getByTestId('access-status')).toHaveTextContent('Expirée le 27 févr. 2026');
    expect(within(card).getByRole('button', { name: 'Renouveler' })).toBeInTheDocument();
  });

  it('points to the catalogue when the student has no subject', async () => {
    renderWithApp(<StudySections />, {
      storage: loggedInStorage({}),
      api: { fetchSubjects: async () => SUBJECTS },
    });
    expect(screen.getByRole('heading', { name: 'You have no subjects yet' })).toBeInTheDocument();
    // Home opens on the student's own section (docs/home.md), not always the anglophone one.
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/home');
  });

  it('still lists the paid subjects when the catalogue fails, with a retry', async () => {
    renderWithApp(<StudySections />, {
      now: () => NOW,
      storage: loggedInStorage({ paidSubjects }, NOW),
      api: { fetchSubjects: () => Promise.reject(new Error('Server error. Please try again later.')) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error. Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });
});
