import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { ChangeEmailCard } from './ChangeEmailCard';
import { ChangePasswordCard } from './ChangePasswordCard';

const WRONG_PASSWORD_BODY = {
  message: 'The current password is wrong',
  code: 'wrong_password',
  fields: { currentPassword: 'The current password is wrong' },
  fieldCodes: { currentPassword: 'wrong_password' },
};

describe('Change password on the profile tab (issue 14 "Account self-service")', () => {
  const fill = async (current: string, next: string, again: string) => {
    const user = userEvent.setup();
    if (current) await user.type(screen.getByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), next);
    await user.type(screen.getByLabelText('Confirm new password'), again);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it("requires the current password and holds the new one to the registration's rules", async () => {
    const fetchMock = stubApi({});
    renderWithProviders(<ChangePasswordCard />, { user: applicant });
    await fill('', 'short', 'other');
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts wrong_password under the current password field', async () => {
    stubApi({ 'POST /api/profile/password': () => jsonResponse(422, WRONG_PASSWORD_BODY) });
    renderWithProviders(<ChangePasswordCard />, { user: applicant });
    await fill('not-mine-1', 'brand-new-pass', 'brand-new-pass');
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('The current password is wrong');
    expect(current).toHaveFocus();
  });

  it('sends the three fields, empties the form and says other sessions were signed out', async () => {
    const fetchMock = stubApi({ 'POST /api/profile/password': () => jsonResponse(200, { message: 'ok' }) });
    renderWithProviders(<ChangePasswordCard />, { user: applicant });
    await fill('old-password-1', 'brand-new-pass', 'brand-new-pass');
    expect(await screen.findByText('All other sessions have been signed out.')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/profile/password')).toEqual({
      currentPassword: 'old-password-1',
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});

describe('Change e-mail on the profile tab (issue 14 "Account self-service")', () => {
  const fill = async (email: string, current: string) => {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New e-mail address'), email);
    if (current) await user.type(screen.getByLabelText('Current password'), current);
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
  };

  it('checks the address and asks for the current password before sending', async () => {
    const fetchMock = stubApi({});
    renderWithProviders(<ChangeEmailCard />, { user: applicant });
    await fill('not-an-address', '');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('maps a taken address and a wrong password to their fields', async () => {
    let answer = jsonResponse(422, {
      message: 'Taken',
      code: 'validation_error',
      fields: { email: 'An account with this e-mail address already exists.' },
      fieldCodes: { email: 'email_taken' },
    });
    stubApi({ 'POST /api/profile/email': () => answer });
    renderWithProviders(<ChangeEmailCard />, { user: applicant });
    await fill('taken@example.ee', 'secret-pass');
    expect(await screen.findByText('An account with this e-mail address already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('New e-mail address')).toHaveAttribute('aria-invalid', 'true');

    answer = jsonResponse(422, WRONG_PASSWORD_BODY);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('The current password is wrong'),
    );
  });

  it('says where the confirmation link went and that nothing changes until it is followed', async () => {
    const fetchMock = stubApi({ 'POST /api/profile/email': () => jsonResponse(202, { message: 'sent' }) });
    renderWithProviders(<ChangeEmailCard />, { user: applicant });
    await fill('new@example.ee', 'secret-pass');
    expect(
      await screen.findByText('We sent a confirmation link to new@example.ee; the change applies once you follow it.'),
    ).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/profile/email')).toEqual({ email: 'new@example.ee', currentPassword: 'secret-pass' });
  });
});
