import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { admin, applicant, jsonResponse, renderRoute, stubApi } from '@/test/render';

describe('route guard (spec §2)', () => {
  it('shows a skeleton of the page, not a bare spinner, while the current user is loading (issue 18)', async () => {
    stubApi({ 'GET /api/user': () => new Promise<Response>(() => {}) });
    renderRoute('/dashboard');
    const skeleton = await screen.findByTestId('skeleton');
    expect(skeleton).toHaveAttribute('role', 'status');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('page-spinner')).not.toBeInTheDocument();
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();
  });

  it('treats a 401 from /api/user as signed out and sends the visitor to /auth', async () => {
    stubApi({ 'GET /api/user': () => jsonResponse(401, { message: 'Not signed in', code: 'not_authenticated' }) });
    const { router } = renderRoute('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it.each(['/dashboard', '/admin', '/admin/applications/3'])('sends a signed-out visitor from %s to /auth', async (path) => {
    const { router } = renderRoute(path, { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it.each(['/admin', '/admin/applications/3'])('sends a signed-in non-admin from %s to /dashboard', async (path) => {
    const { router } = renderRoute(path, { user: applicant });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByRole('heading', { name: 'Welcome, Mari Maasikas' })).toBeInTheDocument();
  });

  it('lets an applicant open /dashboard and an admin open the admin routes', async () => {
    renderRoute('/dashboard', { user: applicant });
    expect(screen.getByRole('tab', { name: 'Application' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile' })).toBeInTheDocument();

    const { router } = renderRoute('/admin/applications/42', { user: admin });
    expect(router.state.location.pathname).toBe('/admin/applications/42');
    expect(screen.getByRole('heading', { name: 'Application #42' })).toBeInTheDocument();
  });

  it('shows the 404 card for a non-numeric application id', () => {
    renderRoute('/admin/applications/abc', { user: admin });
    expect(screen.getByText('404 Page Not Found')).toBeInTheDocument();
  });

  it.each([
    [admin, '/admin'],
    [applicant, '/dashboard'],
  ])('redirects a signed-in user from / by role', async (user, target) => {
    const { router } = renderRoute('/', { user });
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it('redirects a signed-in user from /auth only after 50 ms', () => {
    vi.useFakeTimers();
    const { router } = renderRoute('/auth', { user: admin });
    act(() => vi.advanceTimersByTime(49));
    expect(router.state.location.pathname).toBe('/auth');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('keeps a signed-out visitor on / and /auth', () => {
    const { router } = renderRoute('/auth', { user: null });
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByRole('tab', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('not-found page (spec §2)', () => {
  it('shows the card for unknown routes in English', () => {
    renderRoute('/no-such-page', { user: null });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    // Issue 18: a way back besides the browser's.
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('and in Estonian', async () => {
    await i18n.changeLanguage('et');
    renderRoute('/no-such-page', { user: null });
    expect(screen.getByRole('heading', { name: '404 Lehte ei leitud' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tagasi avalehele' })).toHaveAttribute('href', '/');
  });
});

describe('public routes', () => {
  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/cookies', 'Cookie Policy'],
    ['/gdpr', 'GDPR'],
  ])('%s shows its title and sets the document title', (path, title) => {
    renderRoute(path, { user: null });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Shelf Board`);
  });

  it('the landing page has the section anchors and a start button to /auth', () => {
    const { container } = renderRoute('/', { user: null });
    for (const id of ['how-it-works', 'benefits', 'faq', 'contact', 'registration']) {
      expect(container.querySelector(`#${id}`)).not.toBeNull();
    }
    expect(screen.getByRole('link', { name: 'Start now' })).toHaveAttribute('href', '/auth');
  });
});

describe('route guard, the second factor (issue 15)', () => {
  const unverifiedAdmin = { ...admin, secondFactor: false, secondFactorPassed: false };

  it.each(['/admin', '/admin/applications/3', '/dashboard'])(
    'sends an admin whose session has not passed the second factor from %s to /second-factor',
    async (path) => {
      stubApi({ 'GET /api/second-factor': () => jsonResponse(200, { totp: false, passkeys: [], recoveryCodesLeft: 0, required: true }) });
      const { router } = renderRoute(path, { user: unverifiedAdmin });
      await waitFor(() => expect(router.state.location.pathname).toBe('/second-factor'));
      expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    },
  );

  it('lets an applicant open /second-factor, and sends a signed-out visitor from it to /auth', async () => {
    const { router } = renderRoute('/second-factor', { user: applicant });
    expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/second-factor');
    const signedOut = renderRoute('/second-factor', { user: null });
    await waitFor(() => expect(signedOut.router.state.location.pathname).toBe('/auth'));
  });
});
