import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import Register from '../../../src/screens/Register';
import { createStoredRecords } from '../../../src/services/stored-records';
import { renderWithApp } from '../helpers/render-app';
import { amina, authAnswer, serverSays } from './account-fixtures';

const FILLED = {
  'First name': 'Amina',
  'Last name': 'Njoya',
  'E-mail address': 'amina@example.cm',
  Username: 'amina',
  Password: 'secret-pass',
};

async function fill(values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
  await user.type(screen.getByLabelText('Phone number'), '677123456');
  return user;
}

describe('Register', () => {
  it('has the six payload fields, named and autocompleted, with the phone prefilled with 237', () => {
    renderWithApp(<Register />, { path: '/register' });
    const names = ['firstname', 'lastname', 'email', 'username', 'password', 'phonenumber'];
    for (const name of names) {
      const input = document.querySelector(`input[name="${name}"]`);
      expect(input, name).not.toBeNull();
      expect(input?.getAttribute('autocomplete')).toBeTruthy();
    }
    expect(screen.getByLabelText('Phone number')).toHaveValue('237');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login-with-username');
  });

  it('sends nothing while a field is empty and says which one, next to it', async () => {
    const register = vi.fn();
    renderWithApp(<Register />, { path: '/register', api: { register } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Amina');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(register).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Please correct the fields marked in red.')).toBeInTheDocument();
  });

  it('refuses an e-mail that does not look like one', async () => {
    const register = vi.fn();
    renderWithApp(<Register />, { path: '/register', api: { register } });
    const user = await fill({ ...FILLED, 'E-mail address': 'amina@nowhere' });
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(register).not.toHaveBeenCalled();
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter a valid e-mail address, like name@example.com.',
    );
  });

  it('creates the account, logs straight in with the same credentials and goes home', async () => {
    const register = vi.fn().mockResolvedValue({ success: true, msg: 'created' });
    const login = vi.fn().mockResolvedValue(authAnswer());
    const view = renderWithApp(<Register />, { path: '/register', api: { register, login } });
    const user = await fill(FILLED);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/home?'));
    expect(register).toHaveBeenCalledWith({
      firstname: 'Amina',
      lastname: 'Njoya',
      email: 'amina@example.cm',
      username: 'amina',
      password: 'secret-pass',
      phonenumber: '237677123456',
    });
    expect(login).toHaveBeenCalledWith({ username: 'amina', password: 'secret-pass' });
    expect(view.context.session.getSnapshot().matches('loggedIn')).toBe(true);
    expect(createStoredRecords(view.storage).getUser()).toMatchObject({ username: amina.username });
  });

  it("shows the server's message when the username is taken and keeps everything typed", async () => {
    const register = vi.fn().mockRejectedValue(serverSays(409, 'This username is already taken.'));
    const login = vi.fn();
    renderWithApp(<Register />, { path: '/register', api: { register, login } });
    const user = await fill(FILLED);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken.');
    expect(login).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Username')).toHaveValue('amina');
    expect(screen.getByLabelText('Password')).toHaveValue('secret-pass');
    expect(screen.getByLabelText('Phone number')).toHaveValue('237677123456');
  });

  it('sends the student to log in by hand when the account exists but the automatic login failed', async () => {
    const register = vi.fn().mockResolvedValue({ success: true });
    const login = vi.fn().mockRejectedValue(serverSays(503, 'Unavailable'));
    const view = renderWithApp(<Register />, { path: '/register', api: { register, login } });
    const user = await fill(FILLED);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/login-with-username?note=registered'));
    expect(view.context.session.getSnapshot().matches('loggedIn')).toBe(false);
  });
});
