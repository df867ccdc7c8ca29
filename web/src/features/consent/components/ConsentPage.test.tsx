import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '@/lib/auth/get-user';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import type { User } from '@/types/api';
import { ConsentPage } from './ConsentPage';

const REQUIRED = [
  { document: 'terms', version: '2026-12-01' },
  { document: 'contract', version: '2026-12-01' },
];
const CONSENTS = { required: REQUIRED, accepted: [{ document: 'terms', version: '2025-05-09', acceptedAt: '2026-01-02T10:00:00Z' }] };
const waiting: User = { ...applicant, consentRequired: true };

function api(post: () => Response = () => new Response(null, { status: 204 })) {
  let accepted = false;
  return stubApi({
    // Once accepted, nothing waits any more (and the form goes away while the page moves on).
    'GET /api/consents': () => jsonResponse(200, accepted ? { ...CONSENTS, required: [] } : CONSENTS),
    'POST /api/consents': () => {
      const answer = post();
      accepted = answer.ok;
      return answer;
    },
    'GET /api/user': () => jsonResponse(200, { ...waiting, consentRequired: false }),
  });
}

describe('consent page (issue 16 "Consent")', () => {
  it('lists each new version with its date and a way to read it', async () => {
    api();
    renderWithProviders(<ConsentPage contractText={<p>Contract text here</p>} />, { user: waiting });
    const documents = await screen.findAllByTestId('consent-document');
    expect(documents).toHaveLength(2);
    expect(documents[0]).toHaveTextContent('Terms of service');
    expect(documents[0]).toHaveTextContent('Version: 1 December 2026');
    expect(within(documents[0]).getByRole('link', { name: /Read the terms of service/ })).toHaveAttribute('href', '/terms');
    expect(documents[1]).toHaveTextContent('Employment contract text');
    await userEvent.setup().click(within(documents[1]).getByText('Read the employment contract text'));
    expect(within(documents[1]).getByText('Contract text here')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'We have updated our terms' })).toBeInTheDocument();
  });

  it('shows the version dates in Estonian', async () => {
    await i18n.changeLanguage('et');
    api();
    renderWithProviders(<ConsentPage />, { user: { ...waiting, language: 'et' } });
    const [terms] = await screen.findAllByTestId('consent-document');
    expect(terms).toHaveTextContent('Kasutustingimused');
    expect(terms).toHaveTextContent('Versioon: 1. detsember 2026');
    expect(screen.getByRole('button', { name: 'Nõustu ja jätka' })).toBeInTheDocument();
  });

  it('sends nothing until the acceptance is ticked, then the versions shown, and goes on', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    const { router, queryClient } = renderWithProviders(<ConsentPage />, { user: waiting });
    await screen.findAllByTestId('consent-document');

    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByText('Please accept the new versions to continue')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the new versions of the texts listed above' }));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0][1]?.body))).toEqual({ documents: REQUIRED });
    expect(queryClient.getQueryData<User>(USER_QUERY_KEY)?.consentRequired).toBe(false);
  });

  it('says so when a newer version was published meanwhile, and stays', async () => {
    const user = userEvent.setup();
    api(() =>
      jsonResponse(422, { message: 'not the current version', code: 'consent_version_outdated', fields: {} }),
    );
    const { router } = renderWithProviders(<ConsentPage />, { user: waiting });
    await screen.findAllByTestId('consent-document');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByText('Could not save your acceptance')).toBeInTheDocument();
    expect((await screen.findAllByText(/A newer version of this text has been published/))[0]).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a load failure, and a way on when nothing waits', async () => {
    stubApi({ 'GET /api/consents': () => jsonResponse(500, { message: 'Database down', code: 'internal' }) });
    renderWithProviders(<ConsentPage />, { user: waiting });
    expect(await screen.findByText('Could not load the updated texts')).toBeInTheDocument();

    stubApi({ 'GET /api/consents': () => jsonResponse(200, { required: [], accepted: [] }) });
    const { router } = renderWithProviders(<ConsentPage />, { user: applicant });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
