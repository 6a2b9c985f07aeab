import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import Home from '../../../src/screens/Home';
import { formatFcfa } from '../../../src/services/money';
import { renderWithApp } from '../helpers/render-app';
import { DAY, deferred, loggedInStorage, SUBJECTS } from './catalogue-fixtures';

// The happenings under the catalogue have their own tests (HappeningsStrip); here they are simply none.
const renderHome = (options: Parameters<typeof renderWithApp>[1] = {}) =>
  renderWithApp(<Home />, {
    path: '/home',
    ...options,
    api: { fetchHappenings: async () => [], ...options.api },
  });

const card = (title: string) => screen.getByRole('article', { name: title });

describe('Home: the subject catalogue', () => {
  it('lists the anglophone subjects by default with picture, level, description and price in FCFA', async () => {
    renderHome({ api: { fetchSubjects: async () => SUBJECTS } });
    const maths = await screen.findByRole('article', { name: 'Mathematics Form 5' });
    expect(within(maths).getByText('Form 5')).toBeInTheDocument();
    expect(within(maths).getByText('All of Mathematics Form 5')).toBeInTheDocument();
    expect(within(maths).getByTestId('price').textContent).toBe(formatFcfa(2500, 'en'));
    expect(formatFcfa(2500, 'en')).toBe('2\u202F500\u00A0FCFA');
    // The first card is in view at once (the screen's largest picture): it loads first; the others wait.
    expect(maths.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(card('Physics Upper Sixth').querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByRole('article', { name: 'Mathématiques 3e' })).not.toBeInTheDocument();
  });

  it('shows the happenings under the catalogue once it is there, never pushed down by it', async () => {
    const subjects = deferred<typeof SUBJECTS>();
    const fetchHappenings = vi.fn(async () => []);
    renderHome({ api: { fetchSubjects: () => subjects.promise, fetchHappenings } });
    expect(screen.getByText('Loading subjects…')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'On StudyCam' })).not.toBeInTheDocument();
    expect(fetchHappenings).not.toHaveBeenCalled();
    subjects.resolve(SUBJECTS);
    expect(await screen.findByRole('region', { name: 'On StudyCam' })).toBeInTheDocument();
    expect(fetchHappenings).toHaveBeenCalledTimes(1);
    const maths = card('Mathematics Form 5');
    const strip = screen.getByRole('region', { name: 'On StudyCam' });
    expect(maths.compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("sends cart.add with the subject's cart fields and shows that it is in the cart", async () => {
    const view = renderHome({ api: { fetchSubjects: async () => SUBJECTS } });
    await screen.findByRole('article', { name: 'Mathematics Form 5' });
    const user = userEvent.setup();
    await user.click(within(card('Mathematics Form 5')).getByRole('button', { name: 'Add to cart' }));
    expect(view.context.cart.getSnapshot().context.items).toEqual([
      {
        _id: 'ang-maths-f5',
        subjectTitle: 'Mathematics Form 5',
        pictureurl: 'https://cdn.test/ang-maths-f5.webp',
        price: 2500,
        amount: 1,
      },
    ]);
    expect(within(card('Mathematics Form 5')).getByText('In your cart')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Mathematics Form 5 was added to your cart');
    await user.click(within(card('Mathematics Form 5')).getByRole('button', { name: 'Add to cart' }));
    expect(within(card('Mathematics Form 5')).getByText('In your cart (×2)')).toBeInTheDocument();
    await user.click(within(card('Mathematics Form 5')).getByRole('button', { name: 'View cart' }));
    expect(view.context.ui.getState().cartOpen).toBe(true);
  });

  it('switches section through the URL and filters by level in school order', async () => {
    const view = renderHome({ api: { fetchSubjects: async () => SUBJECTS } });
    await screen.findByRole('article', { name: 'Mathematics Form 5' });
    const level = screen.getByRole('combobox', { name: 'Level' });
    expect(
      within(level)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All levels', 'Form 3', 'Form 5', 'Upper Sixth']);
    const user = userEvent.setup();
    await user.selectOptions(level, 'Upper Sixth');
    expect(view.location.history.at(-1)).toBe('/home?section=anglophone&level=Upper+Sixth');
    expect(screen.getByRole('article', { name: 'Physics Upper Sixth' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Mathematics Form 5' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Francophone' }));
    expect(screen.getByRole('button', { name: 'Francophone' })).toHaveAttribute('aria-pressed', 'true');
    const maths3e = screen.getByRole('article', { name: 'Mathématiques 3e' });
    expect(within(maths3e).getByTestId('price').textContent).toBe('12\u202F000\u00A0FCFA');
  });

  it('shows the description and labels in French', async () => {
    renderHome({
      api: { fetchSubjects: async () => SUBJECTS },
      lang: 'fr',
      storage: { language: 'fr' },
      path: '/home?section=francophone',
    });
    const maths3e = await screen.findByRole('article', { name: 'Mathématiques 3e' });
    expect(within(maths3e).getByText('Tout Mathématiques 3e')).toBeInTheDocument();
    expect(within(maths3e).getByRole('button', { name: 'Ajouter au panier' })).toBeInTheDocument();
    expect(within(maths3e).getByTestId('price').textContent).toBe('12\u202F000\u00A0FCFA');
  });

  it('shows a skeleton while loading, then an error with a retry that loads again', async () => {
    const first = deferred<typeof SUBJECTS>();
    const fetchSubjects = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(SUBJECTS);
    renderHome({ api: { fetchSubjects } });
    expect(screen.getByText('Loading subjects…').closest('[aria-busy="true"]')).not.toBeNull();
    first.reject(new Error('Network error. Please check your internet connection.'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Mathematics Form 5' })).toBeInTheDocument();
    expect(fetchSubjects).toHaveBeenCalledTimes(2);
  });

  it('says what to do when a section has no subject', async () => {
    renderHome({ api: { fetchSubjects: async () => SUBJECTS.filter((s) => s.section !== 'anglophone') } });
    expect(await screen.findByRole('heading', { name: 'No subjects here yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See another section' })).toBeInTheDocument();
  });

  it('offers study instead of buying for a paid subject, and renewing once it is about to expire', async () => {
    const soon = new Date(Date.now() + 3 * DAY).toISOString();
    const later = new Date(Date.now() + 200 * DAY).toISOString();
    renderHome({
      api: { fetchSubjects: async () => SUBJECTS },
      storage: loggedInStorage({
        paidSubjects: [
          { subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', expiresAt: later },
          { subjectId: 'ang-maths-f3', subjectTitle: 'Mathematics Form 3', expiresAt: soon },
        ],
      }),
    });
    const maths = await screen.findByRole('article', { name: 'Mathematics Form 5' });
    expect(within(maths).getByRole('link', { name: 'Already paid — study' })).toHaveAttribute(
      'href',
      '/anglophone-videos',
    );
    expect(within(maths).queryByRole('button')).not.toBeInTheDocument();
    const form3 = card('Mathematics Form 3');
    expect(within(form3).getByRole('link', { name: 'Already paid — study' })).toBeInTheDocument();
    expect(within(form3).getByRole('button', { name: 'Renew' })).toBeInTheDocument();
    expect(
      within(card('Physics Upper Sixth')).getByRole('button', { name: 'Add to cart' }),
    ).toBeInTheDocument();
  });

  it('shows a free subject as free, with no cart action', async () => {
    renderHome({ api: { fetchSubjects: async () => SUBJECTS }, path: '/home?section=extra-curricular' });
    const skills = await screen.findByRole('article', { name: 'Study Skills' });
    expect(within(skills).getByTestId('price')).toHaveTextContent('Free');
    expect(within(skills).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(within(skills).getByRole('link', { name: 'Sign up to watch' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('keeps one catalogue call for every section switch', async () => {
    const fetchSubjects = vi.fn(async () => SUBJECTS);
    renderHome({ api: { fetchSubjects } });
    await screen.findByRole('article', { name: 'Mathematics Form 5' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Diploma exams' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'No subjects here yet' })).toBeInTheDocument(),
    );
    expect(fetchSubjects).toHaveBeenCalledTimes(1);
  });
});
