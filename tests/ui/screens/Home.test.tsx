import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ContinueWatching as ContinueAnswer, LessonSummary } from '../../../contract/videos';
import { ApiError } from '../../../src/rules/api-errors';
import { formatFcfa } from '../../../src/rules/money';
import Home from '../../../src/screens/Home';
import { createAppStorage } from '../../../src/services/storage';
import { memoryLastCopies, renderWithApp } from '../helpers/render-app';
import { DAY, deferred, loggedInStorage, SUBJECTS } from './catalogue-fixtures';

// The happenings under the catalogue have their own tests (HappeningsStrip); here they are simply none, and
// a paying student has nothing to continue unless a test says otherwise.
const NOTHING_TO_CONTINUE: ContinueAnswer = { success: true, resume: null, nextUp: null };
const renderHome = (options: Parameters<typeof renderWithApp>[1] = {}) =>
  renderWithApp(<Home />, {
    path: '/home',
    ...options,
    api: { fetchHappenings: async () => [], fetchContinue: async () => NOTHING_TO_CONTINUE, ...options.api },
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
    // The strip's load starts once the resource machine's code is there, just after the strip mounts.
    await waitFor(() => expect(fetchHappenings).toHaveBeenCalledTimes(1));
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

const later = () => new Date(Date.now() + 200 * DAY).toISOString();
const OWNS_FRENCH_MATHS = loggedInStorage({
  paidSubjects: [
    {
      subjectId: 'fr-maths-3e',
      subjectTitle: 'Mathématiques 3e',
      expiresAt: later(),
      section: 'francophone',
    },
  ],
});

const lessonOf = (id: string, title: string, subsection: string, durationSeconds = 754): LessonSummary => ({
  _id: id,
  title,
  subjectId: 'fr-maths-3e',
  subjectTitle: 'Mathématiques 3e',
  section: 'francophone',
  subsection,
  level: '3e',
  thumbnailUrl: `https://cdn.test/${id}.webp`,
  durationSeconds,
});

const CONTINUE: ContinueAnswer = {
  success: true,
  resume: {
    lesson: lessonOf('fr-maths-3e-v02', 'Factorisation', 'Calcul littéral'),
    position: 190,
    updatedAt: '2026-03-01T09:00:00.000Z',
  },
  nextUp: {
    lesson: lessonOf('fr-maths-3e-v03', 'Équations du premier degré', 'Équations et inéquations'),
    position: 0,
    reason: 'nextInSubject',
  },
};

describe("Home: the student's own section (issue 18)", () => {
  it('opens on the francophone section for a French reader who owns nothing', async () => {
    renderHome({ api: { fetchSubjects: async () => SUBJECTS }, lang: 'fr', storage: { language: 'fr' } });
    expect(await screen.findByRole('article', { name: 'Mathématiques 3e' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Francophone' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('article', { name: 'Mathematics Form 5' })).not.toBeInTheDocument();
  });

  it('opens on the section of what the student owns, whatever the language', async () => {
    renderHome({ api: { fetchSubjects: async () => SUBJECTS }, storage: OWNS_FRENCH_MATHS });
    expect(await screen.findByRole('article', { name: 'Mathématiques 3e' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Francophone' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("finds the section of a subject stored without it in the catalogue, and the address's section wins", async () => {
    const olderUser = loggedInStorage({
      paidSubjects: [{ subjectId: 'fr-maths-3e', subjectTitle: 'Mathématiques 3e', expiresAt: later() }],
    });
    const view = renderHome({ api: { fetchSubjects: async () => SUBJECTS }, storage: olderUser });
    expect(await screen.findByRole('article', { name: 'Mathématiques 3e' })).toBeInTheDocument();
    view.unmount();
    renderHome({
      api: { fetchSubjects: async () => SUBJECTS },
      storage: OWNS_FRENCH_MATHS,
      path: '/home?section=anglophone',
    });
    expect(await screen.findByRole('article', { name: 'Mathematics Form 5' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anglophone (GCE)' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Home: the section a typed or shared link names', () => {
  it('reads it inside the hash too (`#/home?section=…`), over the student’s own', async () => {
    window.history.replaceState(null, '', '/#/home?section=francophone');
    try {
      renderHome({ api: { fetchSubjects: async () => SUBJECTS }, path: '/home' });
      expect(await screen.findByRole('article', { name: 'Mathématiques 3e' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Francophone' })).toHaveAttribute('aria-pressed', 'true');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('Home: Continue and Next up for a paying student (issue 18)', () => {
  it('opens on the lesson watched last at its position, with its progress, then the next one, the catalogue below', async () => {
    const fetchContinue = vi.fn(async () => CONTINUE);
    renderHome({ api: { fetchSubjects: async () => SUBJECTS, fetchContinue }, storage: OWNS_FRENCH_MATHS });
    expect(screen.getByRole('heading', { level: 1, name: 'Your lessons' })).toBeInTheDocument();
    const resume = await screen.findByRole('link', { name: /^Continue\s*Factorisation/ });
    expect(resume).toHaveAttribute('href', '/video-player?videoId=fr-maths-3e-v02');
    expect(resume).toHaveTextContent('Mathématiques 3e · Calcul littéral');
    expect(resume).toHaveTextContent('Stopped at 3:10 of 12:34');
    // The bar along the picture: 190 s of 754.
    expect(resume.querySelector<HTMLElement>('.continue__bar-done')?.style.width).toBe('25%');
    const next = screen.getByRole('link', { name: /^Next up\s*Équations du premier degré/ });
    expect(next).toHaveAttribute('href', '/video-player?videoId=fr-maths-3e-v03');
    expect(next).toHaveTextContent('Duration 12:34');
    expect(next.querySelector('.continue__bar')).toBeNull();
    // The catalogue stays right under it, its subjects one heading level down.
    const catalogue = screen.getByRole('heading', { level: 2, name: 'Choose your subjects' });
    expect(next.compareDocumentPosition(catalogue) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Mathématiques 3e' })).toBeInTheDocument();
    // Below the fold under "Continue": the first card's picture waits like the others'.
    expect(card('Mathématiques 3e').querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(fetchContinue).toHaveBeenCalledTimes(1);
  });

  it('says "New subject" for the first lesson of a paid subject not started yet', async () => {
    const fresh: ContinueAnswer = {
      success: true,
      resume: null,
      nextUp: {
        lesson: lessonOf('fr-maths-3e-v01', 'Identités remarquables', 'Calcul littéral'),
        position: 0,
        reason: 'newSubject',
      },
    };
    renderHome({
      api: { fetchSubjects: async () => SUBJECTS, fetchContinue: async () => fresh },
      storage: OWNS_FRENCH_MATHS,
    });
    expect(
      await screen.findByRole('link', { name: /^New subject\s*Identités remarquables/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Continue/ })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    renderHome({
      api: { fetchSubjects: async () => SUBJECTS, fetchContinue: async () => CONTINUE },
      storage: { ...OWNS_FRENCH_MATHS, language: 'fr' },
      lang: 'fr',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Vos leçons' })).toBeInTheDocument();
    const resume = await screen.findByRole('link', { name: /^Reprendre\s*Factorisation/ });
    expect(resume).toHaveTextContent('Arrêtée à 3:10 sur 12:34');
    expect(screen.getByRole('link', { name: /^À suivre\s*Équations/ })).toHaveTextContent('Durée 12:34');
    expect(screen.getByRole('heading', { level: 2, name: 'Choisissez vos matières' })).toBeInTheDocument();
  });

  it('does not hold the catalogue back: its subjects show while "Continue" is still on its way, in a held place', async () => {
    const pending = deferred<ContinueAnswer>();
    renderHome({
      api: { fetchSubjects: async () => SUBJECTS, fetchContinue: () => pending.promise },
      storage: OWNS_FRENCH_MATHS,
    });
    expect(await screen.findByRole('article', { name: 'Mathématiques 3e' })).toBeInTheDocument();
    const held = screen.getByText('Loading where you stopped…').closest('[aria-busy="true"]') as HTMLElement;
    expect(held).toHaveAttribute('role', 'status');
    expect(held.querySelectorAll('.continue__placeholder')).toHaveLength(2);
    pending.resolve(CONTINUE);
    expect(await screen.findByRole('link', { name: /^Continue\s*Factorisation/ })).toBeInTheDocument();
  });

  it('costs nothing for a visitor or a student with no subject open: no call, the catalogue as before', async () => {
    const fetchContinue = vi.fn(async () => CONTINUE);
    const view = renderHome({ api: { fetchSubjects: async () => SUBJECTS, fetchContinue } });
    await screen.findByRole('article', { name: 'Mathematics Form 5' });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your subjects' })).toBeInTheDocument();
    view.unmount();
    const expired = loggedInStorage({
      paidSubjects: [
        {
          subjectId: 'fr-maths-3e',
          subjectTitle: 'Mathématiques 3e',
          expiresAt: new Date(Date.now() - DAY).toISOString(),
          section: 'francophone',
        },
      ],
    });
    renderHome({ api: { fetchSubjects: async () => SUBJECTS, fetchContinue }, storage: expired });
    expect(await screen.findByRole('heading', { level: 2, name: 'Mathématiques 3e' })).toBeInTheDocument();
    expect(screen.queryByText('Your lessons')).not.toBeInTheDocument();
    expect(fetchContinue).not.toHaveBeenCalled();
  });

  it('says where lessons will wait when nothing was watched and nothing is left, and retries a failure', async () => {
    const view = renderHome({ api: { fetchSubjects: async () => SUBJECTS }, storage: OWNS_FRENCH_MATHS });
    expect(await screen.findByRole('link', { name: 'Go to my subjects' })).toHaveAttribute(
      'href',
      '/study-sections',
    );
    view.unmount();
    const fetchContinue = vi
      .fn()
      .mockRejectedValueOnce(new Error('Network error. Please check your internet connection.'))
      .mockResolvedValueOnce(CONTINUE);
    renderHome({ api: { fetchSubjects: async () => SUBJECTS, fetchContinue }, storage: OWNS_FRENCH_MATHS });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /^Continue\s*Factorisation/ })).toBeInTheDocument();
  });
});

describe('Home offline (issue 18)', () => {
  const offline = () => Promise.reject(new ApiError({ status: 0, key: 'errors.network' }));

  it("keeps Continue on the phone: offline, the last lesson under the copy's date", async () => {
    const device = memoryLastCopies(createAppStorage(window.localStorage), () => Date.now());
    const online = renderHome({
      api: { fetchSubjects: async () => SUBJECTS, fetchContinue: async () => CONTINUE },
      storage: OWNS_FRENCH_MATHS,
      lastCopies: device,
    });
    await screen.findByRole('link', { name: /^Continue\s*Factorisation/ });
    online.unmount();
    renderHome({
      api: { fetchSubjects: async () => SUBJECTS, fetchContinue: offline },
      storage: OWNS_FRENCH_MATHS,
      lastCopies: device,
    });
    const resume = await screen.findByRole('link', { name: /^Continue\s*Factorisation/ });
    expect(resume).toHaveAttribute('href', '/video-player?videoId=fr-maths-3e-v02');
    const note = screen.getByText(/^This is the copy saved on this phone on /).closest('[role="status"]');
    expect(note).toHaveTextContent(/^You are offline/);
    expect(screen.queryByText('Network error. Please check your internet connection.')).toBeNull();
  });

  it('without a copy, Continue says the phone is offline and what still works, in French too', async () => {
    renderHome({
      api: { fetchSubjects: async () => SUBJECTS, fetchContinue: offline },
      storage: { ...OWNS_FRENCH_MATHS, language: 'fr' },
      lang: 'fr',
    });
    const alert = await screen.findByRole('alert', { name: 'Vous êtes hors ligne' });
    expect(within(alert).getByRole('link', { name: 'Regarder les vidéos téléchargées' })).toBeInTheDocument();
  });
});
