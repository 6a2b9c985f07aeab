import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { SAVED_SCHOLARSHIPS_KEY } from '../../../src/rules/saved-scholarship';
import ScholarshipDetails from '../../../src/screens/ScholarshipDetails';
import Scholarships from '../../../src/screens/Scholarships';
import { deferred } from '../screens/catalogue-fixtures';
import { NOW, renderContent, SCHOLARSHIPS } from './fixtures';

const network = () => Promise.reject(new Error('Network error. Please check your internet connection.'));
const titles = () =>
  screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

function renderDetails(id: string, options: Parameters<typeof renderContent>[1] = {}) {
  return renderContent(
    <Route path="/scholarship-details/:id">{(params) => <ScholarshipDetails params={params} />}</Route>,
    { path: `/scholarship-details/${id}`, now: () => NOW, ...options },
  );
}

describe('Scholarships', () => {
  it('puts the nearest open deadline first, closed ones last, each with its countdown', async () => {
    renderContent(<Scholarships />, {
      path: '/scholarships',
      now: () => NOW,
      api: { fetchScholarships: async () => SCHOLARSHIPS },
    });
    await screen.findByRole('article', { name: 'today scholarship' });
    expect(titles()).toEqual([
      'today scholarship',
      'soon scholarship',
      'far scholarship',
      'closed scholarship',
    ]);
    const badge = (name: string) => within(screen.getByRole('article', { name })).getByText(/Close|Closed/);
    expect(badge('today scholarship')).toHaveTextContent('Closes today');
    expect(badge('soon scholarship')).toHaveTextContent('Closes in 5 days');
    expect(badge('far scholarship')).toHaveTextContent('Closes in 40 days');
    expect(badge('closed scholarship')).toHaveTextContent('Closed');
    expect(
      within(screen.getByRole('article', { name: 'soon scholarship' })).getByText(/Several countries/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'far scholarship' })).toHaveAttribute(
      'href',
      '/scholarship-details/far',
    );
  });

  it('filters by study level and by country, named in the student language', async () => {
    renderContent(<Scholarships />, {
      path: '/scholarships?level=master&country=DE',
      now: () => NOW,
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchScholarships: async () => SCHOLARSHIPS },
    });
    await screen.findByRole('article', { name: 'Bourse far' });
    expect(titles()).toEqual(['Bourse far']);
    expect(screen.getByRole('option', { name: 'Allemagne' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Plusieurs pays' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Pays' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: "Niveau d'études" }), 'secondary');
    expect(titles()).toEqual(['Bourse today']);
  });

  it('shows the skeleton, the error with Try again, and the empty state', async () => {
    const first = deferred<typeof SCHOLARSHIPS>();
    const fetchScholarships = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce([]);
    renderContent(<Scholarships />, { path: '/scholarships', api: { fetchScholarships } });
    expect(screen.getByText('Loading the scholarships…').closest('[aria-busy="true"]')).not.toBeNull();
    first.reject(new Error('Network error. Please check your internet connection.'));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No scholarships' })).toBeInTheDocument();
  });

  it('opens one with its full text, eligibility, amount and localised deadline, and Apply outside the app', async () => {
    const far = SCHOLARSHIPS[0];
    renderDetails('far', { api: { fetchScholarship: async () => far as (typeof SCHOLARSHIPS)[number] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'far scholarship' })).toBeInTheDocument();
    expect(screen.getByText('About far.')).toBeInTheDocument();
    expect(screen.getByText('Who may apply to far.')).toBeInTheDocument();
    expect(screen.getByText('Full tuition')).toBeInTheDocument();
    expect(screen.getByText('Closes in 40 days')).toBeInTheDocument();
    // 2 January 2027, 10:00 in Cameroon.
    expect(screen.getByText(/Saturday, 2 January 2027/)).toBeInTheDocument();
    const apply = screen.getByRole('link', { name: 'Apply on their site' });
    expect(apply).toHaveAttribute('href', 'https://example.org/far');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('names the provider in French, and heads the deadline with a capital and no colon, in French', async () => {
    const far = SCHOLARSHIPS[0] as (typeof SCHOLARSHIPS)[number];
    const view = renderContent(<Scholarships />, {
      path: '/scholarships',
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchScholarships: async () => [far] },
    });
    const card = await screen.findByRole('article', { name: 'Bourse far' });
    expect(card).toHaveTextContent('fournisseur far · Date limite');
    expect(card).not.toHaveTextContent('far provider');
    view.unmount();
    renderDetails('far', {
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchScholarship: async () => far },
    });
    await screen.findByRole('heading', { level: 1, name: 'Bourse far' });
    expect(screen.getByText(/^fournisseur far · Allemagne/)).toBeInTheDocument();
    expect(screen.getByText(/^Samedi 2 janvier 2027/)).toBeInTheDocument();
    // A heading, not the list's 'Date limite :' that leads into a date on the same line.
    expect(screen.getByRole('heading', { level: 2, name: 'Date limite' })).toBeInTheDocument();
  });

  it('saves it on the device in the shape the planner reads, and takes it off again', async () => {
    const far = SCHOLARSHIPS[0] as (typeof SCHOLARSHIPS)[number];
    const view = renderDetails('far', { api: { fetchScholarship: async () => far } });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Remove from saved' })).toBeInTheDocument();
    expect(view.store.data.get(SAVED_SCHOLARSHIPS_KEY)).toEqual([
      {
        id: 'far',
        title: { en: 'far scholarship', fr: 'Bourse far' },
        provider: 'far provider',
        providerName: { en: 'far provider', fr: 'fournisseur far' },
        deadline: far.deadline,
        url: 'https://example.org/far',
        savedAt: new Date(NOW).toISOString(),
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove from saved' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(view.store.data.get(SAVED_SCHOLARSHIPS_KEY)).toEqual([]);
  });

  it('reads a saved one with the server unreachable, saying when it was saved, and lists the saved ones', async () => {
    const far = SCHOLARSHIPS[0] as (typeof SCHOLARSHIPS)[number];
    const view = renderDetails('far', { api: { fetchScholarship: network, fetchScholarships: network } });
    await view.stores.savedScholarships.save(far, NOW - 3 * 86_400_000);
    view.unmount();
    renderDetails('far', {
      stores: view.stores,
      api: { fetchScholarship: network },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'far scholarship' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Saved 20 Nov 2026');
    expect(screen.getByText('Who may apply to far.')).toBeInTheDocument();
  });

  it('lists the saved ones offline, and says so', async () => {
    const { stores } = renderContent(<p />);
    await stores.savedScholarships.save(SCHOLARSHIPS[0] as (typeof SCHOLARSHIPS)[number], NOW);
    renderContent(<Scholarships />, { path: '/scholarships', stores, api: { fetchScholarships: network } });
    expect(
      await screen.findByText('You are offline: these are the scholarships you saved.'),
    ).toBeInTheDocument();
    expect(titles()).toEqual(['far scholarship']);
  });

  it('says so when an unsaved one cannot be loaded, with Try again', async () => {
    renderDetails('nope', { api: { fetchScholarship: network } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
