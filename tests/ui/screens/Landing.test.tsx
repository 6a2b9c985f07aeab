import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Landing from '../../../src/screens/Landing';
import Splash from '../../../src/screens/Splash';
import { renderWithApp } from '../helpers/render-app';
import { loggedInStorage, SUBJECTS } from './catalogue-fixtures';

describe('landing', () => {
  it('welcomes a visitor with sign up and log in, the five sections with featured subjects and prices', async () => {
    renderWithApp(<Landing />, { api: { fetchSubjects: async () => SUBJECTS } });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to StudyCam' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login-with-username');
    const sections = screen.getAllByRole('article');
    expect(sections.map((s) => within(s).getByRole('heading').textContent)).toEqual([
      'Anglophone (GCE)',
      'Francophone',
      'Diploma exams',
      'Competitive exams',
      'Extra-curricular',
    ]);
    const anglophone = screen.getByRole('article', { name: 'Anglophone (GCE)' });
    expect(await within(anglophone).findByText('Mathematics Form 5')).toBeInTheDocument();
    expect(
      within(anglophone).getByText('From 2\u202F000\u00A0FCFA', { normalizer: (s) => s }),
    ).toBeInTheDocument();
    expect(within(anglophone).getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'href',
      '/home?section=anglophone',
    );
    expect(
      within(screen.getByRole('article', { name: 'Extra-curricular' })).getByText('Free'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay with MTN Mobile Money' })).toBeInTheDocument();
  });

  it('sends a logged-in student to their subjects', () => {
    renderWithApp(<Landing />, {
      storage: loggedInStorage({}),
      api: { fetchSubjects: async () => SUBJECTS },
    });
    expect(screen.getByRole('link', { name: 'Go to my subjects' })).toHaveAttribute(
      'href',
      '/study-sections',
    );
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('keeps the page usable when the catalogue cannot be read, with a retry', async () => {
    renderWithApp(<Landing />, { api: { fetchSubjects: () => Promise.reject(new Error('Network error.')) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error.');
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });
});

describe('splash', () => {
  it('shows the brand and goes on to landing', () => {
    const view = renderWithApp(<Splash />, { path: '/splash' });
    expect(screen.getByRole('heading', { name: 'StudyCam' })).toBeInTheDocument();
    expect(view.location.history.at(-1)).toBe('/landing');
  });
});
