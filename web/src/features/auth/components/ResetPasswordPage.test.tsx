import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, requestBody, stubApi } from '@/test/render';

/** The page an e-mailed reset link opens (issue 14 "Password reset"), mounted by the app's route table. */
async function fillAndSave(first: string, second: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), first);
  await user.type(screen.getByLabelText('Confirm new password'), second);
  await user.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('/reset-password (issue 14 "Password reset")', () => {
  it("holds a new password to the registration's rules and messages before sending", async () => {
    const fetchMock = stubApi({});
    renderRoute('/reset-password?token=tok', { user: null });
    await fillAndSave('short', 'other');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token with the password and then offers the login', async () => {
    const fetchMock = stubApi({ 'POST /api/password-reset/confirm': () => jsonResponse(200, { message: 'ok' }) });
    const { router } = renderRoute('/reset-password?token=tok-123', { user: null });
    expect(await screen.findByRole('heading', { name: 'Set a new password', level: 1 })).toBeInTheDocument();
    await fillAndSave('brand-new-pass', 'brand-new-pass');

    expect(await screen.findByText('Your new password is saved')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/password-reset/confirm')).toEqual({
      token: 'tok-123',
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('explains a used, expired or unknown link and lets one ask for a new one there', async () => {
    const fetchMock = stubApi({
      'POST /api/password-reset/confirm': () => jsonResponse(400, { message: 'Invalid token', code: 'invalid_token' }),
      'POST /api/password-reset': () => jsonResponse(202, { message: 'sent' }),
    });
    renderRoute('/reset-password?token=used', { user: null });
    await fillAndSave('brand-new-pass', 'brand-new-pass');

    expect(await screen.findByText('This link is not valid')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or e-mail'), 'mari');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/If an account exists, we sent a link/)).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/password-reset')).toEqual({ login: 'mari' });
  });

  it('treats a link without a token as invalid', async () => {
    renderRoute('/reset-password', { user: null });
    expect(await screen.findByText('This link is not valid')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it("shows the server's password rule under its field", async () => {
    stubApi({
      'POST /api/password-reset/confirm': () =>
        jsonResponse(422, {
          message: 'Validation failed',
          code: 'validation_error',
          fields: { password: 'Password must be at least 8 characters' },
          fieldCodes: { password: 'password_too_short' },
        }),
    });
    renderRoute('/reset-password?token=tok', { user: null });
    await fillAndSave('12345678', '12345678');
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true'));
  });
});
