import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { admin, jsonResponse, renderRoute, stubApi } from '@/test/render';
import type { ApplicationListItem } from '@/types/api';
import { renderTabAt } from './render-tab';
import { detail, listItem } from './test-fixtures';

/*
 * Issue 34: the admin's applicant file says whether an eID verified the applicant's identity at registration, with
 * which method and on which day (Europe/Tallinn), in both languages; the applications list filters to the verified
 * ones on the server (?eid=verified), the filter kept in the URL like the others.
 */

// 22:30 UTC on 1 December is already 2 December in Tallinn (UTC+2).
const SMART_ID = { method: 'smart_id', verifiedAt: '2026-12-01T22:30:00Z' } as const;

function value(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("the applicant file's eID verification (issue 34)", () => {
  it.each<['et' | 'en', string, string]>([
    ['en', 'Identity verification', 'Verified with Smart-ID on 2 December 2026'],
    ['et', 'Isikusamasuse kontroll', 'Isikusamasus kinnitatud: Smart-ID, 2. detsember 2026'],
  ])('shows the method and the Tallinn date (%s)', async (language, label, text) => {
    await i18n.changeLanguage(language);
    stubApi({ 'GET /api/admin/applications/5': () => jsonResponse(200, detail({ eidVerification: SMART_ID })) });
    renderRoute('/admin/applications/5', { user: { ...admin, language } });
    await waitFor(() => expect(value(label)).toBe(text));
  });

  it.each<['et' | 'en', string, string]>([
    ['en', 'Identity verification', 'Not verified by eID: typed in by hand'],
    ['et', 'Isikusamasuse kontroll', 'eID-ga kontrollimata: sisestatud käsitsi'],
  ])('says a typed identity is not verified (%s)', async (language, label, text) => {
    await i18n.changeLanguage(language);
    stubApi({ 'GET /api/admin/applications/5': () => jsonResponse(200, detail()) });
    renderRoute('/admin/applications/5', { user: { ...admin, language } });
    await waitFor(() => expect(value(label)).toBe(text));
  });
});

function page(items: ApplicationListItem[]): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(items.length) },
  });
}

/** The list's backend: the verified applicant only when the request asks for eid=verified. */
function stubList() {
  const verified = listItem(1, { eidVerification: SMART_ID });
  const typed = listItem(2);
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname !== '/api/admin/applications') return jsonResponse(404, { message: 'Not found', code: 'not_found' });
    const eid = url.searchParams.get('eid');
    return page(eid === 'verified' ? [verified] : eid === 'unverified' ? [typed] : [verified, typed]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/admin/applications?'));
}

describe('the applications list filtered to eID-verified applicants (issue 34)', () => {
  it('asks the server for eid=verified, keeps it in the URL and marks the verified applicant', async () => {
    const user = userEvent.setup();
    const urls = stubList();
    const router = renderTabAt('/admin');
    expect(await screen.findByText('Applicant 2')).toBeInTheDocument();
    const [verifiedRow, typedRow] = screen.getAllByTestId('application-row');
    expect(within(verifiedRow).getByTestId('eid-verified-mark')).toHaveTextContent('Verified with Smart-ID on 2 December 2026');
    expect(within(typedRow).queryByTestId('eid-verified-mark')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Identity'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All applicants',
      'Verified by eID',
      'Not verified by eID',
    ]);
    await user.click(screen.getByRole('option', { name: 'Verified by eID' }));
    await waitFor(() => expect(screen.queryByText('Applicant 2')).not.toBeInTheDocument());
    expect(screen.getByText('Applicant 1')).toBeInTheDocument();
    expect(urls()).toContain('/api/admin/applications?sort=createdAt&order=desc&eid=verified&limit=50&offset=0');
    expect(new URLSearchParams(router.state.location.search).get('eid')).toBe('verified');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/export.csv?sort=createdAt&order=desc&eid=verified',
    );
  });

  it('opens a shared link with the filter, in Estonian too', async () => {
    await i18n.changeLanguage('et');
    const urls = stubList();
    renderTabAt('/admin?eid=unverified&status=pending');
    expect(await screen.findByText('Applicant 2')).toBeInTheDocument();
    expect(screen.queryByText('Applicant 1')).not.toBeInTheDocument();
    expect(urls()).toEqual(['/api/admin/applications?status=pending&sort=createdAt&order=desc&eid=unverified&limit=50&offset=0']);
    expect(screen.getByLabelText('Isikusamasus')).toHaveTextContent('eID-ga kontrollimata');
  });
});
