import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import LoginWithPhone from '../../../src/screens/LoginWithPhone';
import { renderWithApp } from '../helpers/render-app';
import { authAnswer, serverSays } from './account-fixtures';

describe('LoginWithPhone', () => {
  it('prefills 237 and needs the password before sending', async () => {
    const loginWithPhone = vi.fn();
    renderWithApp(<LoginWithPhone />, { path: '/login-with-phone-number', api: { loginWithPhone } });
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveValue('237');
    expect(phone).toHaveAttribute('name', 'phonenumber');
    expect(phone).toHaveAttribute('type', 'tel');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(loginWithPhone).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required.');
  });

  it('signs in with the phone number and goes where the student was going', async () => {
    const loginWithPhone = vi.fn().mockResolvedValue(authAnswer());
    const view = renderWithApp(<LoginWithPhone />, {
      path: '/login-with-phone-number?next=/dashboard',
      api: { loginWithPhone },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '677123456');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/dashboard?'));
    expect(loginWithPhone).toHaveBeenCalledWith({ phonenumber: '237677123456', password: 'secret-pass' });
    expect(view.context.session.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('shows the failure and keeps the number typed', async () => {
    const loginWithPhone = vi
      .fn()
      .mockRejectedValue(serverSays(401, 'Invalid credentials or session expired.'));
    renderWithApp(<LoginWithPhone />, { path: '/login-with-phone-number', api: { loginWithPhone } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '677000000');
    await user.type(screen.getByLabelText('Password'), 'nope-nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials or session expired.');
    expect(screen.getByLabelText('Phone number')).toHaveValue('237677000000');
    expect(screen.getByRole('link', { name: 'Log in with my username instead' })).toHaveAttribute(
      'href',
      '/login-with-username',
    );
  });
});
