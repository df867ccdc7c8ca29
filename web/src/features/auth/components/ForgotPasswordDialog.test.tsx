import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { LoginForm } from './LoginForm';

const SAME_ANSWER = 'If an account exists, we sent a link to its e-mail address. The link is valid for 1 hour.';

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<LoginForm />);
  await user.type(screen.getByLabelText('Username'), 'mari');
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
  return { user, dialog };
}

describe("'Forgot password?' on the login tab (issue 14 \"Password reset\")", () => {
  it('opens a dialog with focus on the field, prefilled with the username typed so far', async () => {
    await openDialog();
    const field = screen.getByLabelText('Username or e-mail');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('mari');
  });

  it('asks for a username or e-mail before sending anything', async () => {
    const fetchMock = stubApi({});
    const { user } = await openDialog();
    await user.clear(screen.getByLabelText('Username or e-mail'));
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Enter your username or e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a known account', { message: 'If an account exists, we sent a link.' }],
    ['an unknown login', { message: 'Anything else the server might say' }],
  ])('shows the same answer for %s, focused, and does not sign in', async (_, body) => {
    const fetchMock = stubApi({ 'POST /api/password-reset': () => jsonResponse(202, body) });
    const { user } = await openDialog();
    await user.clear(screen.getByLabelText('Username or e-mail'));
    await user.type(screen.getByLabelText('Username or e-mail'), 'mari@example.ee');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    const answer = await screen.findByText(SAME_ANSWER);
    expect(answer).toHaveFocus();
    expect(requestBody(fetchMock, '/api/password-reset')).toEqual({ login: 'mari@example.ee' });
    // The login form behind it was not submitted.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/password-reset']);
    expect(screen.queryByText(body.message)).not.toBeInTheDocument();
  });

  it('says so when sending fails (e.g. rate limited) and closes with Escape, focus back on the link', async () => {
    stubApi({ 'POST /api/password-reset': () => jsonResponse(429, { message: 'Slow down', code: 'rate_limited' }) });
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).not.toHaveTextContent(SAME_ANSWER);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus();
  });
});
