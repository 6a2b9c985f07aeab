import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ResetPassword from '../../../src/screens/ResetPassword';
import { renderWithApp } from '../helpers/render-app';
import { serverSays } from './account-fixtures';

const TOKEN = 'k3y-from-the-mail-0123456789abcdef';
const PATH = `/resetpassword?token=${TOKEN}`;

async function choose(password: string, again: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), again);
  await user.click(screen.getByRole('button', { name: 'Save my new password' }));
}

describe('ResetPassword', () => {
  it('sends nothing when the two passwords differ, and says so next to the second', async () => {
    const resetPassword = vi.fn();
    renderWithApp(<ResetPassword />, { path: PATH, api: { resetPassword } });
    await choose('new-secret-1', 'new-secret-2');
    expect(resetPassword).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The two passwords are not the same.',
    );
  });

  it('sends nothing without a password', async () => {
    const resetPassword = vi.fn();
    renderWithApp(<ResetPassword />, { path: PATH, api: { resetPassword } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(resetPassword).not.toHaveBeenCalled();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 8 characters. This field is required.',
    );
  });

  it('resets with the token from the link, then goes to log in with a note', async () => {
    const resetPassword = vi.fn().mockResolvedValue({ success: true, msg: 'done' });
    const view = renderWithApp(<ResetPassword />, { path: PATH, api: { resetPassword } });
    await choose('new-secret-1', 'new-secret-1');
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/login-with-username?note=passwordReset'));
    expect(resetPassword).toHaveBeenCalledWith({ token: TOKEN, password: 'new-secret-1' });
  });

  it("shows the server's message for a used or expired link and keeps the passwords", async () => {
    const resetPassword = vi
      .fn()
      .mockRejectedValue(serverSays(400, 'This reset link is invalid, expired or already used.'));
    renderWithApp(<ResetPassword />, { path: PATH, api: { resetPassword } });
    await choose('new-secret-1', 'new-secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid, expired or already used.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    expect(screen.getByLabelText('New password')).toHaveValue('new-secret-1');
  });

  it('explains a link without a token instead of showing a form that cannot work', () => {
    renderWithApp(<ResetPassword />, { path: '/resetpassword' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
