import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import LogoutAllDevices from '../../../src/screens/LogoutAllDevices';
import { renderWithApp } from '../helpers/render-app';
import { loggedInStorage, serverSays } from './account-fixtures';

describe('LogoutAllDevices', () => {
  it('explains, then revokes every session and clears this device', async () => {
    const logoutAllDevices = vi.fn().mockResolvedValue({ success: true });
    // The server already revoked this token too, so the local logout's own call fails: the device is cleared anyway.
    const logout = vi.fn().mockRejectedValue(serverSays(401, 'revoked'));
    const view = renderWithApp(<LogoutAllDevices />, {
      path: '/logout-from-all-devices',
      api: { logoutAllDevices, logout },
      storage: loggedInStorage(),
    });
    expect(screen.getByText(/logs your account out everywhere at once/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() =>
      expect(view.location.history.at(-1)).toBe('/login-with-username?note=loggedOutEverywhere'),
    );
    expect(logoutAllDevices).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(view.context.session.getSnapshot().matches('loggedOut')).toBe(true));
    expect(window.localStorage.getItem('id_token')).toBeNull();
  });

  it('keeps the student logged in and shows why when the server refuses', async () => {
    const logoutAllDevices = vi.fn().mockRejectedValue(serverSays(503, 'Please try again later.'));
    const view = renderWithApp(<LogoutAllDevices />, {
      path: '/logout-from-all-devices',
      api: { logoutAllDevices },
      storage: loggedInStorage(),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again later.');
    expect(view.context.session.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('offers to log in first when nobody is logged in', () => {
    renderWithApp(<LogoutAllDevices />, { path: '/logout-from-all-devices' });
    expect(screen.queryByRole('button', { name: 'Log out everywhere' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login-with-username?next=/logout-from-all-devices',
    );
  });
});
