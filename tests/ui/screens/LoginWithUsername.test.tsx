import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { selectCartItems } from '../../../machines/cart';
import LoginWithUsername from '../../../src/screens/LoginWithUsername';
import { renderWithApp } from '../helpers/render-app';
import { authAnswer, serverSays } from './account-fixtures';

async function logIn(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginWithUsername', () => {
  it('needs a username and a password before sending anything', async () => {
    const login = vi.fn();
    renderWithApp(<LoginWithUsername />, { path: '/login-with-username', api: { login } });
    await logIn('amina', '');
    expect(login).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Username')).toHaveAttribute('name', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('signs in, keeps the cart and goes home', async () => {
    const answer = authAnswer();
    const login = vi.fn().mockResolvedValue(answer);
    const cart = {
      shopping_cart: JSON.stringify({
        v: 1,
        data: [{ _id: 's1', subjectTitle: 'Physics', pictureurl: '/p.png', price: 5000, amount: 2 }],
      }),
    };
    const view = renderWithApp(<LoginWithUsername />, {
      path: '/login-with-username',
      api: { login },
      storage: cart,
    });
    await logIn(' amina ', 'secret-pass');
    // The empty query ('?') clears a `next` or `note` left in the URL, so it is not applied again later.
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/home?'));
    expect(login).toHaveBeenCalledWith({ username: 'amina', password: 'secret-pass' });
    expect(view.context.session.getSnapshot().matches('loggedIn')).toBe(true);
    expect(view.storage.getToken()).toBe(answer.token);
    expect(selectCartItems(view.context.cart.getSnapshot())).toHaveLength(1);
  });

  it('goes back to where the student was going', async () => {
    const login = vi.fn().mockResolvedValue(authAnswer());
    const view = renderWithApp(<LoginWithUsername />, {
      path: '/login-with-username?next=/study-sections',
      api: { login },
    });
    await logIn('amina', 'secret-pass');
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/study-sections?'));
  });

  it('never follows a "next" that leaves the app', async () => {
    const login = vi.fn().mockResolvedValue(authAnswer());
    const view = renderWithApp(<LoginWithUsername />, {
      path: '/login-with-username?next=//evil.example/phish',
      api: { login },
    });
    await logIn('amina', 'secret-pass');
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/home?'));
  });

  it('shows the failure and keeps what was typed', async () => {
    const login = vi.fn().mockRejectedValue(serverSays(401, 'Invalid credentials or session expired.'));
    const view = renderWithApp(<LoginWithUsername />, { path: '/login-with-username', api: { login } });
    await logIn('amina', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials or session expired.');
    expect(screen.getByLabelText('Username')).toHaveValue('amina');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-pass');
    expect(view.context.session.getSnapshot().matches('loggedIn')).toBe(false);
    expect(view.location.history.at(-1)).toBe('/login-with-username');
  });

  it('links to the phone login, to registration and to the forgotten password, keeping "next"', () => {
    renderWithApp(<LoginWithUsername />, { path: '/login-with-username?next=/cart' });
    expect(screen.getByRole('link', { name: 'Log in with my phone number instead' })).toHaveAttribute(
      'href',
      '/login-with-phone-number?next=%2Fcart',
    );
    expect(screen.getByRole('link', { name: 'No account yet? Sign up' })).toHaveAttribute(
      'href',
      '/register?next=%2Fcart',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
  });

  it('shows the note another screen left, in French too', () => {
    renderWithApp(<LoginWithUsername />, {
      path: '/login-with-username?note=passwordReset',
      lang: 'fr',
      storage: { language: 'fr' },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Votre mot de passe a été modifié.');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });
});
