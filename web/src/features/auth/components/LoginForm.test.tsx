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
