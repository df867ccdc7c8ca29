import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { admin, jsonResponse, renderRoute, requestBody, stubApi } from '@/test/render';

const PREVIEW = '/api/admin-invitations/tok-123';
const ACCEPT = '/api/admin-invitations/accept';
const invitation = { fullName: 'Kadri Kask', email: 'kadri@example.ee', expiresAt: '2026-06-04T08:00:00Z' };
const refusal = (status: number, code: string, message: string) => () => jsonResponse(status, { message, code, fields: {} });

describe('admin invitation page (issue 15 "Admin management")', { timeout: 20_000 }, () => {
  it('shows the invitation, checks the fields, creates the admin and goes to the second-factor set-up', async () => {
    const user = userEvent.setup();
    const newAdmin = { ...admin, id: 5, username: 'kadri', fullName: 'Kadri Kask', secondFactor: false, secondFactorPassed: false };
    const fetchMock = stubApi({
      [`GET ${PREVIEW}`]: () => jsonResponse(200, invitation),
      [`POST ${ACCEPT}`]: () => jsonResponse(201, newAdmin),
    });
    const { router } = renderRoute('/admin-invitation?token=tok-123', { user: null });
    expect(await screen.findByText('kadri@example.ee')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Become a Shelf Board admin' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), 'kadri');
    await user.type(screen.getByLabelText('Password'), 'eleven-char');
    await user.type(screen.getByLabelText('Confirm password'), 'something');
    await user.click(screen.getByRole('button', { name: 'Create the admin account' }));
    expect(await screen.findByText('An admin password must be at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(requestBody(fetchMock, ACCEPT)).toBeUndefined();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'a-long-password-1');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-password-1');
    await user.click(screen.getByRole('button', { name: 'Create the admin account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/second-factor'));
    expect(requestBody(fetchMock, ACCEPT)).toEqual({
      token: 'tok-123',
      username: 'kadri',
      password: 'a-long-password-1',
      confirmPassword: 'a-long-password-1',
    });
  });

  it.each([
    [410, 'admin_invitation_expired', 'This invitation has expired'],
    [410, 'admin_invitation_used', 'This invitation has already been used'],
    [404, 'admin_invitation_not_found', 'This invitation link is not valid'],
  ])('a link answered %i %s says so', async (status, code, title) => {
    stubApi({ [`GET ${PREVIEW}`]: refusal(status, code, 'refused') });
    renderRoute('/admin-invitation?token=tok-123', { user: null });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('an invitation used meanwhile is explained after the attempt, in Estonian', async () => {
    await act(() => i18n.changeLanguage('et'));
    const user = userEvent.setup();
    stubApi({
      [`GET ${PREVIEW}`]: () => jsonResponse(200, invitation),
      [`POST ${ACCEPT}`]: refusal(410, 'admin_invitation_used', 'This invitation has already been used'),
    });
    renderRoute('/admin-invitation?token=tok-123', { user: null });
    await user.type(await screen.findByLabelText('Kasutajanimi'), 'kadri');
    await user.type(screen.getByLabelText('Parool'), 'a-long-password-1');
    await user.type(screen.getByLabelText('Korrake parooli'), 'a-long-password-1');
    await user.click(screen.getByRole('button', { name: 'Loo administraatori konto' }));
    expect(await screen.findByRole('heading', { name: 'Seda kutset on juba kasutatud' })).toBeInTheDocument();
  });

  it('a link without a token is not valid', async () => {
    stubApi({});
    renderRoute('/admin-invitation', { user: null });
    expect(await screen.findByRole('heading', { name: 'This invitation link is not valid' })).toBeInTheDocument();
  });
});
