import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Navbar } from '../../../src/ui/Navbar';
import { renderWithApp } from '../helpers/render-app';

const props = { cartCount: 0, language: 'en' as const, onLanguageChange: () => {}, onOpenCart: () => {} };

describe('Navbar log out', () => {
  it('offers Log out and a profile link to a logged-in student', async () => {
    const onLogout = vi.fn();
    renderWithApp(<Navbar {...props} isLoggedIn onLogout={onLogout} />);
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows no Log out to a visitor', () => {
    renderWithApp(<Navbar {...props} isLoggedIn={false} onLogout={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
