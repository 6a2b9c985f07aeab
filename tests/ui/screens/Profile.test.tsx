import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import Profile from '../../../src/screens/Profile';
import { checkPicture, MAX_PICTURE_BYTES } from '../../../src/screens/Profile/picture-check';
import { createStoredRecords } from '../../../src/services/stored-records';
import { type RenderAppOptions, renderWithApp } from '../helpers/render-app';
import { amina, liveToken, loggedInStorage, serverSays } from './account-fixtures';

const renderProfile = (api: RenderAppOptions['api'] = {}) =>
  renderWithApp(<Profile />, { path: '/profile', api, storage: loggedInStorage() });

const details = () => within(screen.getByRole('form', { name: 'My details' }));
const password = () => within(screen.getByRole('form', { name: 'Change my password' }));

describe('Profile: details', () => {
  it('starts from the stored profile and sends only what changed', async () => {
    const saved = { ...amina, firstname: 'Aminatou' };
    const modifyProfile = vi.fn().mockResolvedValue({ success: true, user: saved });
    const view = renderProfile({ modifyProfile });
    expect(details().getByLabelText('E-mail address')).toHaveValue(amina.email);
    expect(details().getByLabelText('Phone number')).toHaveAttribute('name', 'phonenumber');
    const user = userEvent.setup();
    await user.clear(details().getByLabelText('First name'));
    await user.type(details().getByLabelText('First name'), 'Aminatou');
    await user.click(details().getByRole('button', { name: 'Save my details' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(modifyProfile).toHaveBeenCalledWith({ id: 'u1', firstname: 'Aminatou' });
    expect(createStoredRecords(view.storage).getUser()).toMatchObject({ firstname: 'Aminatou' });
    expect(details().getByLabelText('First name')).toHaveValue('Aminatou');
  });

  it('refuses a malformed e-mail before sending', async () => {
    const modifyProfile = vi.fn();
    renderProfile({ modifyProfile });
    const user = userEvent.setup();
    await user.clear(details().getByLabelText('E-mail address'));
    await user.type(details().getByLabelText('E-mail address'), 'amina@');
    await user.click(details().getByRole('button', { name: 'Save my details' }));
    expect(modifyProfile).not.toHaveBeenCalled();
    expect(details().getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter a valid e-mail address, like name@example.com.',
    );
  });

  it("shows the server's refusal and keeps the edit", async () => {
    const modifyProfile = vi
      .fn()
      .mockRejectedValue(serverSays(409, 'This e-mail address is already registered.'));
    renderProfile({ modifyProfile });
    const user = userEvent.setup();
    await user.clear(details().getByLabelText('E-mail address'));
    await user.type(details().getByLabelText('E-mail address'), 'taken@example.cm');
    await user.click(details().getByRole('button', { name: 'Save my details' }));
    expect(await details().findByRole('alert')).toHaveTextContent(
      'This e-mail address is already registered.',
    );
    expect(details().getByLabelText('E-mail address')).toHaveValue('taken@example.cm');
  });
});

describe('Profile: picture', () => {
  it('checks type and size before any upload', () => {
    expect(checkPicture({ type: 'image/png', size: MAX_PICTURE_BYTES })).toBeNull();
    expect(checkPicture({ type: 'image/png', size: MAX_PICTURE_BYTES + 1 })).toBe('validation.fileTooLarge');
    expect(checkPicture({ type: 'image/gif', size: 10 })).toBe('validation.fileType');
  });

  it('refuses a picture over 2 MB with a translated error and sends nothing', async () => {
    const updateProfilePicture = vi.fn();
    renderProfile({ updateProfilePicture });
    const big = new File([new Uint8Array(MAX_PICTURE_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.setup().upload(screen.getByLabelText('Change picture'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('This picture is larger than 2 MB.');
    expect(updateProfilePicture).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a JPEG, PNG or WebP picture', async () => {
    const updateProfilePicture = vi.fn();
    renderProfile({ updateProfilePicture });
    const gif = new File(['GIF89a'], 'cat.gif', { type: 'image/gif' });
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Change picture'), gif);
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP picture.');
    expect(updateProfilePicture).not.toHaveBeenCalled();
  });

  it('uploads a valid picture at once and shows it', async () => {
    const withPicture = { ...amina, profilePicture: 'https://study.example/media/pictures/u1.webp' };
    const updateProfilePicture = vi.fn().mockResolvedValue({ success: true, user: withPicture });
    const view = renderProfile({ updateProfilePicture });
    expect(screen.queryByRole('img', { name: 'Profile picture of amina' })).not.toBeInTheDocument();
    const picture = new File(['fake-png'], 'me.png', { type: 'image/png' });
    await userEvent.setup().upload(screen.getByLabelText('Change picture'), picture);
    expect(await screen.findByRole('img', { name: 'Profile picture of amina' })).toHaveAttribute(
      'src',
      withPicture.profilePicture,
    );
    expect(updateProfilePicture).toHaveBeenCalledWith(picture, 'me.png');
    expect(screen.getByText('Your picture has been updated.')).toBeInTheDocument();
    expect(createStoredRecords(view.storage).getUser()).toMatchObject({
      profilePicture: withPicture.profilePicture,
    });
  });

  it('shows an upload failure', async () => {
    const updateProfilePicture = vi
      .fn()
      .mockRejectedValue(serverSays(400, 'The picture must be a JPEG, PNG or WebP image.'));
    renderProfile({ updateProfilePicture });
    const fake = new File(['not really'], 'me.png', { type: 'image/png' });
    await userEvent.setup().upload(screen.getByLabelText('Change picture'), fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The picture must be a JPEG, PNG or WebP image.',
    );
  });
});

describe('Profile: password', () => {
  it('needs both passwords before sending', async () => {
    const changePassword = vi.fn();
    renderProfile({ changePassword });
    await userEvent.setup().click(password().getByRole('button', { name: 'Change my password' }));
    expect(changePassword).not.toHaveBeenCalled();
    expect(password().getByLabelText('Current password')).toHaveAccessibleDescription(
      'This field is required.',
    );
  });

  it('changes it, says other devices were logged out, and keeps this one in with the new token', async () => {
    const fresh = liveToken('u1').replace('signature', 'fresh-signature');
    const changePassword = vi.fn().mockResolvedValue({ success: true, msg: 'changed', token: fresh });
    const view = renderProfile({ changePassword });
    expect(screen.getByText(/you are logged out on your other devices/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(password().getByLabelText('Current password'), 'old-secret');
    await user.type(password().getByLabelText('New password'), 'new-secret-1');
    await user.click(password().getByRole('button', { name: 'Change my password' }));
    expect(
      await screen.findByText('Your password has been changed. Your other devices have been logged out.'),
    ).toBeInTheDocument();
    expect(changePassword).toHaveBeenCalledWith({
      id: 'u1',
      oldPassword: 'old-secret',
      newPassword: 'new-secret-1',
    });
    await waitFor(() => expect(view.storage.getToken()).toBe(fresh));
    expect(view.context.session.getSnapshot().matches('loggedIn')).toBe(true);
    expect(password().getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password and keeps what was typed', async () => {
    const changePassword = vi.fn().mockRejectedValue(serverSays(400, 'The current password is not correct.'));
    renderProfile({ changePassword });
    const user = userEvent.setup();
    await user.type(password().getByLabelText('Current password'), 'old-secret');
    await user.type(password().getByLabelText('New password'), 'new-secret-1');
    await user.click(password().getByRole('button', { name: 'Change my password' }));
    expect(await password().findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(password().getByLabelText('New password')).toHaveValue('new-secret-1');
  });
});

describe('Profile: security links', () => {
  it('leads to logging out everywhere and to deleting the account', () => {
    renderProfile();
    expect(screen.getByRole('link', { name: 'Log out from all devices' })).toHaveAttribute(
      'href',
      '/logout-from-all-devices',
    );
    expect(screen.getByRole('link', { name: 'Delete my account' })).toHaveAttribute(
      'href',
      '/delete-account',
    );
  });
});
