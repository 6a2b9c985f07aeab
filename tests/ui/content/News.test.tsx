import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NewsArticle } from '../../../contract/content';
import { newsArticleId } from '../../../contract/rules/news-article-id';
import { HappeningsStrip } from '../../../src/screens/Home/HappeningsStrip';
import News from '../../../src/screens/News';
import { READ_ARTICLES_KEY } from '../../../src/services/content/read-articles';
import { ARTICLES, HAPPENINGS, NOW, renderContent, testStores } from './fixtures';

const network = () => Promise.reject(new Error('Network error. Please check your internet connection.'));

describe('News', () => {
  it('lists the headlines in the student language with source, date and picture', async () => {
    const fetchNews = vi.fn(async () => ARTICLES);
    renderContent(<News />, { path: '/news', api: { fetchNews, fetchHappenings: async () => HAPPENINGS } });
    const article = await screen.findByRole('article', { name: 'GCE registration opens' });
    expect(fetchNews).toHaveBeenCalledWith('en');
    expect(within(article).getByText('StudyCam Newsroom')).toBeInTheDocument();
    expect(within(article).getByText('18 Nov 2026')).toBeInTheDocument();
    expect(article.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(within(article).getByRole('link', { name: 'GCE registration opens' })).toHaveAttribute(
      'href',
      '/news?article=a1gce',
    );
  });

  it('opens a headline in the app, links out to its source, and keeps it for offline reading', async () => {
    const view = renderContent(<News />, {
      path: '/news?article=a1gce',
      now: () => NOW,
      api: { fetchNews: async () => ARTICLES, fetchHappenings: async () => HAPPENINGS },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'GCE registration opens' }),
    ).toBeInTheDocument();
    // The news service's "[+120 chars]" tail is not shown.
    expect(screen.getByText('Registration for the 2027 examinations is open.')).toBeInTheDocument();
    const out = screen.getByRole('link', { name: 'Read the full article on StudyCam Newsroom' });
    expect(out).toHaveAttribute('href', 'https://camgceb.org/');
    expect(out).toHaveAttribute('target', '_blank');
    await vi.waitFor(() => expect(view.store.data.get(READ_ARTICLES_KEY)).toHaveLength(1));
    expect(view.store.data.get(READ_ARTICLES_KEY)).toEqual([
      {
        kind: 'headline',
        key: 'a1gce',
        lang: 'en',
        article: ARTICLES[0],
        savedAt: new Date(NOW).toISOString(),
      },
    ]);
  });

  it('offline, lists and opens the articles already read, each saying when it was saved', async () => {
    const { stores } = renderContent(<p />);
    await stores.readArticles.remember({
      kind: 'headline',
      key: 'a1gce',
      lang: 'en',
      article: ARTICLES[0] as (typeof ARTICLES)[number],
      savedAt: '2026-11-20T10:00:00.000Z',
    });
    const view = renderContent(<News />, {
      path: '/news',
      stores,
      api: { fetchNews: network, fetchHappenings: network },
    });
    expect(
      await screen.findByText('You are offline: these are the articles you already read.'),
    ).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'GCE registration opens' });
    expect(within(article).getByText('Saved 20 Nov 2026')).toBeInTheDocument();
    view.unmount();
    renderContent(<News />, {
      path: '/news?article=a1gce',
      stores,
      api: { fetchNews: network, fetchHappenings: network },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'GCE registration opens' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Saved 20 Nov 2026');
  });

  it('opens the very headline tapped when several share one address, each with its own source', async () => {
    // A front page under three headlines: the server gives each its own id.
    const front = 'https://www.minesec.gov.cm/';
    const shared: NewsArticle[] = [
      { ...(ARTICLES[1] as NewsArticle), id: 'a-term', title: 'First term ends', url: front },
      { ...(ARTICLES[1] as NewsArticle), id: 'a-clubs', title: 'Coding clubs open', url: front },
      {
        ...(ARTICLES[1] as NewsArticle),
        id: 'a-school',
        title: 'Back to school',
        url: front,
        source: { id: null, name: 'Cameroon Tribune' },
      },
    ];
    for (const article of shared) {
      const view = renderContent(<News />, {
        path: '/news',
        api: { fetchNews: async () => shared, fetchHappenings: async () => HAPPENINGS },
      });
      // Each card is named by its own title (a DOM id shared by three cards named all three alike).
      const card = await screen.findByRole('article', { name: article.title });
      await userEvent.click(within(card).getByRole('link', { name: article.title }));
      expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: `Read the full article on ${article.source.name}` }),
      ).toHaveAttribute('href', front);
      view.unmount();
    }
  });

  it('still lists and opens, offline, a headline kept before articles had ids (under its address)', async () => {
    const { stores, store } = testStores();
    const { id: _none, ...unnamed } = ARTICLES[1] as NewsArticle;
    store.data.set(READ_ARTICLES_KEY, [
      {
        kind: 'headline',
        key: unnamed.url,
        lang: 'en',
        article: unnamed,
        savedAt: '2026-11-20T10:00:00.000Z',
      },
    ]);
    const view = renderContent(<News />, {
      path: '/news',
      stores,
      api: { fetchNews: network, fetchHappenings: network },
    });
    const card = await screen.findByRole('article', { name: 'Coding clubs open' });
    const link = within(card).getByRole('link', { name: 'Coding clubs open' });
    expect(link).toHaveAttribute('href', `/news?article=${newsArticleId(unnamed)}`);
    view.unmount();
    renderContent(<News />, {
      path: `/news?article=${newsArticleId(unnamed)}`,
      stores,
      api: { fetchNews: network, fetchHappenings: network },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coding clubs open' })).toBeInTheDocument();
  });

  it('shows the error with Try again when nothing was read yet', async () => {
    renderContent(<News />, { path: '/news', api: { fetchNews: network, fetchHappenings: network } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("has the platform's happenings as their own tab, readable in the app, in French too", async () => {
    renderContent(<News />, {
      path: '/news?tab=happenings',
      lang: 'fr',
      storage: { language: 'fr' },
      api: { fetchNews: async () => [], fetchHappenings: async () => HAPPENINGS },
    });
    const happening = await screen.findByRole('article', {
      name: 'Les vidéos de révision du GCE sont en ligne',
    });
    expect(screen.getByRole('button', { name: 'Sur StudyCam', pressed: true })).toBeInTheDocument();
    await userEvent.click(within(happening).getByRole('link'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Les vidéos de révision du GCE sont en ligne' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Anciens sujets corrigés pas à pas.')).toBeInTheDocument();
  });

  it('says when there is no news at all', async () => {
    renderContent(<News />, {
      path: '/news',
      api: { fetchNews: async () => [], fetchHappenings: async () => [] },
    });
    expect(await screen.findByRole('heading', { name: 'No news' })).toBeInTheDocument();
  });

  it('shows the latest happenings on home, linking to them', async () => {
    renderContent(<HappeningsStrip />, { path: '/home', api: { fetchHappenings: async () => HAPPENINGS } });
    expect(await screen.findByRole('link', { name: /GCE revision videos are online/ })).toHaveAttribute(
      'href',
      '/news?tab=happenings&happening=hap-1',
    );
    expect(screen.getByRole('link', { name: 'All the news' })).toHaveAttribute(
      'href',
      '/news?tab=happenings',
    );
  });
});
