import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { LoginForm } from './LoginForm';

describe('LoginForm (spec §5 login rules, §8 toasts)', () => {
  it('labels every control', () => {
    renderWithProviders(<LoginForm />);
    expect(screen.getByLabelText('Username')).toHaveAttribute('id', 'login-username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('shows the required messages on the right fields', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const username = screen.getByLabelText('Username');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username is required');
  });

  it('logs in, stores the user, toasts and sends an admin to /admin', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/login': () => jsonResponse(200, admin) });
    const { router, queryClient } = renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(requestBody(fetchMock, '/api/login')).toEqual({ username: 'admin', password: 'secret123' });
    expect(queryClient.getQueryData(['/api/user'])).toEqual(admin);
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
  });

  it('sends an applicant to /dashboard', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/login': () => jsonResponse(200, applicant) });
    const { router } = renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Username'), 'mari');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows "Logging in…" while pending and a destructive toast with the mapped server message on failure', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    stubApi({ 'POST /api/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Username'), 'mari');
    await user.type(screen.getByLabelText('Password'), 'wrongpass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('button', { name: 'Logging in…' })).toBeDisabled();
    answer(jsonResponse(401, { message: 'Invalid username or password', code: 'invalid_credentials' }));

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password.')).toBeInTheDocument();
    expect(screen.getByText('Login failed').closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
  });

  it('falls back to the server message for unknown codes', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/login': () => jsonResponse(500, { message: 'Database is down', code: 'internal' }) });
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Username'), 'mari');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
  });
});

describe('LoginForm, the second factor (issue 15 "Two-factor sign-in")', () => {
  const MFA = { message: 'Enter the code from your authenticator app', code: 'mfa_required', fields: {} };
  const WRONG = {
    message: 'The code is wrong or already used',
    code: 'mfa_required',
    fields: { otp: 'The code is wrong or already used' },
    fieldCodes: { otp: 'wrong_code' },
  };

  async function passwordStep(answers: Response[]) {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/login': () => answers.shift() ?? jsonResponse(500, {}) });
    const rendered = renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    return { user, fetchMock, ...rendered };
  }

  it('asks for the code after the password, without a failure toast, and signs in with it', async () => {
    const { user, fetchMock, router } = await passwordStep([jsonResponse(401, MFA), jsonResponse(200, admin)]);
    const code = await screen.findByLabelText('One-time code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(/Use a recovery code/);
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(requestBody(fetchMock, '/api/login', 1)).toEqual({ username: 'admin', password: 'secret123', otp: '123456' });
  });

  it('says so under the field when the code is wrong, and asks for one when empty', async () => {
    const { user } = await passwordStep([jsonResponse(401, MFA), jsonResponse(401, WRONG)]);
    const code = await screen.findByLabelText('One-time code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code')).toBeInTheDocument();
    await user.type(code, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong or already used')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes back to the password', async () => {
    const { user } = await passwordStep([jsonResponse(401, MFA)]);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('sends an admin whose session has not passed the second factor to its enrolment', async () => {
    const { router } = await passwordStep([jsonResponse(200, { ...admin, secondFactor: false, secondFactorPassed: false })]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/second-factor'));
  });
});
