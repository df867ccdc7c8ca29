import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, applicant, jsonResponse, renderRoute, stubApi } from '@/test/render';
import type { User } from '@/types/api';

const waiting: User = { ...applicant, consentRequired: true };

describe('consent gate (issue 16 "Consent": a signed-in applicant accepts a new version before going on)', () => {
  it.each(['/dashboard', '/dashboard?tab=profile', '/second-factor'])('sends an applicant from %s to /consent first', async (path) => {
    stubApi({ 'GET /api/consents': () => jsonResponse(200, { required: [{ document: 'privacy', version: '2026-12-01' }], accepted: [] }) });
    const { router } = renderRoute(path, { user: waiting });
    await waitFor(() => expect(router.state.location.pathname).toBe('/consent'));
    expect(await screen.findByText('Privacy policy')).toBeInTheDocument();
  });

  it('sends the applicant from the landing page on to /consent, and back to the page they wanted after accepting', async () => {
    const user = userEvent.setup();
    let accepted = false;
    stubApi({
      'GET /api/consents': () => jsonResponse(200, { required: [{ document: 'terms', version: '2026-12-01' }], accepted: [] }),
      'POST /api/consents': () => {
        accepted = true;
        return new Response(null, { status: 204 });
      },
      'GET /api/user': () => jsonResponse(200, { ...waiting, consentRequired: !accepted }),
    });
    const { router } = renderRoute('/dashboard?tab=profile', { user: waiting });
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?tab=profile');
    expect(accepted).toBe(true);
  });

  it('leaves applicants who are up to date, admins and the public legal pages alone', async () => {
    let { router } = renderRoute('/dashboard', { user: applicant });
    expect(router.state.location.pathname).toBe('/dashboard');
    ({ router } = renderRoute('/admin', { user: { ...admin, consentRequired: true } }));
    expect(router.state.location.pathname).toBe('/admin');
    ({ router } = renderRoute('/terms', { user: waiting }));
    expect(router.state.location.pathname).toBe('/terms');
  });
});
