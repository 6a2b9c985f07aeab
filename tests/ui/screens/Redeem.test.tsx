import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/rules/api-errors';
import Redeem, { codeFromLink } from '../../../src/screens/Redeem';
import { renderWithApp } from '../helpers/render-app';
import { loggedInStorage } from './catalogue-fixtures';

// Issue 20: the redeem screen on the real redeem machine, with a fake API.

const CODE = '160B-0N4A-B55C-93SR-F';
const NEW_USER = {
  id: 'u1',
  firstname: 'Amina',
  lastname: 'Njoya',
  email: 'amina@example.cm',
  username: 'amina',
  phonenumber: '237670000001',
  role: 'STUDENT' as const,
  profilePicture: null,
  createdAt: '2026-09-01T08:00:00.000Z',
  paidSubjects: [
    { subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', expiresAt: '2027-11-26T08:00:00.000Z' },
  ],
  language: null,
};

describe('the redeem screen', () => {
  it('catches a mistyped code before any request, then redeems it typed loosely, like a payment', async () => {
    const redeemCode = vi.fn(async () => ({
      success: true as const,
      user: NEW_USER,
      msg: 'Your code has been accepted.',
    }));
    const view = renderWithApp(<Redeem />, {
      storage: loggedInStorage({}),
      api: { redeemCode },
      path: '/redeem',
    });
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Access code');
    await user.type(field, '160B-0N4A-B55C-93SR-G');
    await user.click(screen.getByRole('button', { name: 'Use this code' }));
    expect(
      await screen.findByText(
        'This code has a typing mistake: please check each character against your card.',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(redeemCode).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '160b 0n4a b55c 93sr f');
    await user.click(screen.getByRole('button', { name: 'Use this code' }));
    await vi.waitFor(() => expect(view.location.history.at(-1)).toBe('/study-sections'));
    expect(redeemCode).toHaveBeenCalledWith({ serialNumberHolder: CODE });
    expect(view.context.ui.getState().alerts).toEqual([
      { key: 'serverMessage', params: { message: 'Your code has been accepted.' } },
    ]);
    expect(view.context.session.getSnapshot().context.user?.paidSubjects).toEqual(NEW_USER.paidSubjects);
  });

  it('shows the server’s refusal in French and keeps the code typed', async () => {
    const redeemCode = vi.fn(async () => {
      throw new ApiError({ status: 409, serverMsg: 'Ce code a déjà été utilisé.' });
    });
    renderWithApp(<Redeem />, { lang: 'fr', storage: loggedInStorage({}), api: { redeemCode } });
    const user = userEvent.setup();
    const field = await screen.findByLabelText("Code d'accès");
    await user.type(field, CODE);
    await user.click(screen.getByRole('button', { name: 'Utiliser ce code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce code a déjà été utilisé.');
    expect(field).toHaveValue(CODE);
  });

  it('holds the button while the server asks to wait', async () => {
    const redeemCode = vi.fn(async () => {
      throw new ApiError({
        status: 429,
        serverMsg: 'Too many codes tried. Please try again in 30 s.',
        retryAfterSeconds: 30,
      });
    });
    renderWithApp(<Redeem />, { storage: loggedInStorage({}), api: { redeemCode } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Access code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Use this code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 30 s.');
    expect(screen.getByRole('button', { name: 'Please wait before trying again' })).toBeDisabled();
    expect(redeemCode).toHaveBeenCalledTimes(1);
  });

  it('asks a visitor to log in first, and comes back to the code', async () => {
    renderWithApp(<Redeem />, { path: '/redeem' });
    const login = await screen.findByRole('link', { name: 'Log in to use this code' });
    expect(login).toHaveAttribute('href', `/login-with-username?next=${encodeURIComponent('/redeem')}`);
    expect(screen.queryByLabelText('Access code')).not.toBeInTheDocument();
  });

  it('takes from a link only what a code may hold', () => {
    expect(codeFromLink(`code=${CODE}`)).toBe(CODE);
    // The login's return path leaves a '?' after it; anything else odd goes too.
    expect(codeFromLink(`code=${encodeURIComponent(`${CODE}?`)}`)).toBe(CODE);
    expect(codeFromLink('code=%3Cscript%3E')).toBe('script');
    expect(codeFromLink('')).toBe('');
  });
});
