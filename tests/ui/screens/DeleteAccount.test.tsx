import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import DeleteAccount from '../../../src/screens/DeleteAccount';
import { renderWithApp } from '../helpers/render-app';
import { loggedInStorage, serverSays } from './account-fixtures';

describe('DeleteAccount', () => {
  it('says what is erased and what is kept, in English and in French', () => {
    renderWithApp(<DeleteAccount />, { path: '/delete-account', storage: loggedInStorage() });
    expect(screen.getByText(/Your personal data/)).toBeInTheDocument();
    expect(screen.getByText(/Your name on your comments/)).toBeInTheDocument();
    expect(screen.getByText(/notification tokens/)).toBeInTheDocument();
    expect(screen.getByText(/payments are kept without your name/)).toBeInTheDocument();
  });

  it('is written in French for a French-speaking student', () => {
    renderWithApp(<DeleteAccount />, {
      path: '/delete-account',
      lang: 'fr',
      storage: { ...loggedInStorage(), language: 'fr' },
    });
    expect(screen.getByRole('heading', { name: 'Ce qui est effacé' })).toBeInTheDocument();
    expect(screen.getByText(/Vos paiements sont conservés sans votre nom/)).toBeInTheDocument();
  });

  it('asks for the password before sending anything', async () => {
    const deleteAccount = vi.fn();
    renderWithApp(<DeleteAccount />, {
      path: '/delete-account',
      api: { deleteAccount },
      storage: loggedInStorage(),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(deleteAccount).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your password, to confirm')).toHaveAccessibleDescription(
      'This field is required.',
    );
  });

  it('shows a wrong password and keeps the account', async () => {
    const deleteAccount = vi
      .fn()
      .mockRejectedValue(serverSays(401, 'Invalid credentials or session expired.'));
    const view = renderWithApp(<DeleteAccount />, {
      path: '/delete-account',
      api: { deleteAccount },
      storage: loggedInStorage(),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your password, to confirm'), 'not-mine');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials or session expired.');
    expect(screen.getByLabelText('Your password, to confirm')).toHaveValue('not-mine');
    expect(view.context.session.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('deletes, logs this device out and says goodbye', async () => {
    const deleteAccount = vi.fn().mockResolvedValue({ success: true });
    const logout = vi.fn().mockRejectedValue(serverSays(401, 'gone'));
    const view = renderWithApp(<DeleteAccount />, {
      path: '/delete-account',
      api: { deleteAccount, logout },
      storage: loggedInStorage(),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your password, to confirm'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByRole('heading', { name: 'Goodbye' })).toBeInTheDocument();
    expect(deleteAccount).toHaveBeenCalledWith({ password: 'secret-pass' });
    await waitFor(() => expect(view.context.session.getSnapshot().matches('loggedOut')).toBe(true));
    expect(window.localStorage.getItem('id_token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
