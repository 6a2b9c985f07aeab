import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { version } from '../../../package.json';
import FooterPage from '../../../src/screens/FooterPage';
import NavbarPage from '../../../src/screens/NavbarPage';
import Trans from '../../../src/screens/Trans';
import { Navbar } from '../../../src/ui/Navbar';
import { renderContent } from './fixtures';

describe('the trans, navbar and footer pages', () => {
  it('trans: chooses the language, showing the current one', async () => {
    const view = renderContent(<Trans />, { path: '/trans' });
    expect(await screen.findByRole('radio', { name: 'English' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Français' }));
    expect(await screen.findByText("L'application est en français.")).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Français' })).toBeChecked();
    expect(view.storage.getLanguage()).toBe('fr');
  });

  it('navbar: every area of the app, the account pages only when logged in', async () => {
    renderContent(<NavbarPage />, { path: '/navbar' });
    const menu = await screen.findByRole('navigation', { name: 'All pages' });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Books', '/books?'],
        ['News', '/news?'],
        ['Scholarships', '/scholarships?'],
        ['Live TV', '/live-tv?'],
        ['Shop', '/shop?'],
        ['Offline videos', '/cache-manager?'],
        ['Planner', '/schedule?'],
        ['Language', '/trans?'],
        ['About and contact', '/footer?'],
        ['Privacy policy', '/privacy-policy?'],
      ]),
    );
    expect(within(menu).queryByRole('link', { name: 'My payments' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('footer: contact, privacy policy, links and the app version', async () => {
    renderContent(<FooterPage />, { path: '/footer', lang: 'fr', storage: { language: 'fr' } });
    expect(await screen.findByRole('heading', { name: 'Nous contacter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@studycam.cm' })).toHaveAttribute(
      'href',
      'mailto:support@studycam.cm',
    );
    const privacy = screen.getByRole('region', { name: 'Vos données' });
    expect(within(privacy).getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.getByText(`StudyCam version ${version}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Boutique' })).toHaveAttribute('href', '/shop?');
  });

  it('the navbar has a menu button leading to the navigation page', () => {
    renderContent(
      <Navbar
        isLoggedIn={false}
        cartCount={0}
        language="en"
        onLanguageChange={() => {}}
        onOpenCart={() => {}}
      />,
    );
    expect(screen.getByRole('link', { name: 'Menu' })).toHaveAttribute('href', '/navbar');
  });
});
