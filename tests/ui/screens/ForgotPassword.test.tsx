import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ForgotPassword from '../../../src/screens/ForgotPassword';
import { renderWithApp } from '../helpers/render-app';
import { serverSays } from './account-fixtures';

const NEUTRAL = 'If an account exists for this e-mail address, a reset link has been sent to it.';

describe('ForgotPassword', () => {
  it('sends nothing for an address that is not an e-mail', async () => {
    const forgotPassword = vi.fn();
    renderWithApp(<ForgotPassword />, { path: '/forgotpassword', api: { forgotPassword } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'amina');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(forgotPassword).not.toHaveBeenCalled();
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter a valid e-mail address, like name@example.com.',
    );
  });

  it('answers with the same neutral confirmation, whatever the server knows', async () => {
    const forgotPassword = vi.fn().mockResolvedValue({ success: true, msg: 'server wording' });
    renderWithApp(<ForgotPassword />, { path: '/forgotpassword', api: { forgotPassword } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), ' amina@example.cm ');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL);
    expect(screen.queryByText('server wording')).not.toBeInTheDocument();
    expect(forgotPassword).toHaveBeenCalledWith({ email: 'amina@example.cm' });
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute(
      'href',
      '/login-with-username',
    );
  });

  it('shows a failure (rate limit, network) and keeps the address', async () => {
    const forgotPassword = vi.fn().mockRejectedValue(serverSays(429, 'Too many requests, slow down.'));
    renderWithApp(<ForgotPassword />, { path: '/forgotpassword', api: { forgotPassword } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'amina@example.cm');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, slow down.');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('amina@example.cm');
  });
});
