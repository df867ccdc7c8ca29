import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderRoute, requestBody, stubApi } from '@/test/render';

const switcher = () => within(within(screen.getByRole('banner')).getByRole('group', { name: /Language|Keel/ }));

describe('language switching (spec §4)', () => {
  it('offers only Estonian and English and applies the choice immediately', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderRoute('/terms', { user: null });
    expect(switcher().getAllByRole('button')).toHaveLength(2);

    await user.click(switcher().getByRole('button', { name: 'Eesti' }));
    expect(i18n.language).toBe('et');
    expect(document.documentElement.lang).toBe('et');
    expect(screen.getByRole('heading', { level: 1, name: 'Kasutustingimused' })).toBeInTheDocument();
    expect(switcher().getByRole('button', { name: 'Eesti' })).toHaveAttribute('aria-pressed', 'true');
    // Signed out: nothing is saved on the server; the terms page only reads the published versions (issue 16).
    const calls = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    expect(calls).toEqual(calls.map(() => 'GET /api/policies'));
  });

  it("saves a signed-in user's choice with POST /api/set-language", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/set-language': () => jsonResponse(200, { ...applicant, language: 'et' }) });
    const { queryClient } = renderRoute('/dashboard', { user: applicant });
    await user.click(switcher().getByRole('button', { name: 'Eesti' }));
    await waitFor(() => expect(requestBody(fetchMock, '/api/set-language')).toEqual({ language: 'et' }));
    expect(i18n.language).toBe('et');
    await waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toMatchObject({ language: 'et' }));
  });

  it('shows "Failed to set language" with the server message when saving fails', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/set-language': () => jsonResponse(500, { message: 'Could not save' }) });
    renderRoute('/dashboard', { user: { ...applicant, language: 'et' } });
    // The user's saved language (et) won on load; switch back to English.
    await waitFor(() => expect(i18n.language).toBe('et'));
    await user.click(switcher().getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Failed to set language')).toBeInTheDocument();
    expect(screen.getByText('Could not save')).toBeInTheDocument();
    expect(i18n.language).toBe('en');
  });

  it("switches to the signed-in user's saved language on load (the user wins)", async () => {
    stubApi({ 'GET /api/user': () => jsonResponse(200, { ...applicant, language: 'et' }) });
    renderRoute('/dashboard');
    await waitFor(() => expect(i18n.language).toBe('et'));
    expect(await screen.findByRole('heading', { name: 'Tere tulemast, Mari Maasikas' })).toBeInTheDocument();
  });
});
