import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { admin, jsonResponse, renderRoute, stubApi } from '@/test/render';
import { OVERVIEW_COUNTS } from './AdminPage';

// The tabs belong to their features (tested there); here only the page around them is under test.
vi.mock('@/features/admin-applications', () => ({
  AdminApplicationsTab: () => <p>applications tab</p>,
  ApplicationDetailPage: () => <p>application detail</p>,
}));
vi.mock('@/features/documents', () => ({
  AdminDocumentsTab: () => <p>documents tab</p>,
  DocumentsTab: () => null,
  ApplicantDocumentsPanel: () => null,
}));
vi.mock('@/features/contracts', () => ({
  AdminContractsTab: () => <p>contracts tab</p>,
  ContractsTab: () => null,
  ApplicantContractsPanel: () => null,
}));
vi.mock('@/features/messages', () => ({ MessagesTab: () => <p>messages tab</p>, MessagesFromPanel: () => null }));
vi.mock('@/features/emails/components/EmailsTab', () => ({ EmailsTab: () => <p>emails tab</p> }));
vi.mock('@/features/admins', () => ({ AdminsTab: () => <p>admins tab</p> }));
vi.mock('@/features/audit', () => ({ ActivityTab: () => <p>activity tab</p>, AccessHistoryCard: () => null }));
vi.mock('@/features/erasure', () => ({ ErasureRequestsTab: () => <p>erasure requests tab</p> }));
vi.mock('@/features/payroll', () => ({ PayrollTab: () => <p>payroll tab</p> }));

// Opening tabs loads their lazy code for the first time: slow on a busy machine.
describe('AdminPage (spec §2 admin panel)', { timeout: 15_000 }, () => {
  it('shows title, subtitle and five tabs (issue 14 adds E-mails) with applications as the default', async () => {
    stubApi({});
    renderRoute('/admin', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Review applications, documents, contracts and messages.')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Applications', 'Documents', 'Contracts', 'Payroll', 'Compliance', 'Messages', 'E-mails', 'Admins', 'Activity', 'Erasure requests']);
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('applications tab')).toBeInTheDocument();
  });

  it('opens the tab named in ?tab= and records tab changes in the URL', async () => {
    const user = userEvent.setup();
    stubApi({});
    const { router } = renderRoute('/admin?tab=messages', { user: admin });
    expect(await screen.findByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('messages tab')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(router.state.location.search).toBe('?tab=documents');
    expect(await screen.findByText('documents tab')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Contracts' }));
    expect(await screen.findByText('contracts tab')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Payroll' }));
    expect(router.state.location.search).toBe('?tab=payroll');
    expect(await screen.findByText('payroll tab')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'E-mails' }));
    expect(router.state.location.search).toBe('?tab=emails');
    expect(await screen.findByText('emails tab')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(router.state.location.search).toBe('?tab=activity');
    expect(await screen.findByText('activity tab')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Erasure requests' }));
    expect(router.state.location.search).toBe('?tab=erasure');
    expect(await screen.findByText('erasure requests tab')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(router.state.location.search).toBe('');
  });

  it('falls back to applications for an unknown ?tab=', async () => {
    stubApi({});
    renderRoute('/admin?tab=nope', { user: admin });
    expect(await screen.findByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
  });

  it('starts a tab from a clean URL: the list state of the tab left behind goes', async () => {
    const user = userEvent.setup();
    stubApi({});
    const { router } = renderRoute('/admin?tab=contracts&status=awaiting&q=tamm&sort=title&page=3', { user: admin });
    await user.click(await screen.findByRole('tab', { name: 'Documents' }));
    expect(router.state.location.search).toBe('?tab=documents');
    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(router.state.location.search).toBe('');
  });
});

/** Every overview count's list, answering `total` in X-Total-Count (one row in the body, as limit=1 asks). */
function stubCounts(totals: Record<string, number | 'fail' | 'wait'>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    const total = totals[url];
    if (total === undefined) return jsonResponse(200, []);
    if (total === 'fail') return jsonResponse(503, { message: 'Service unavailable', code: 'service_unavailable' });
    if (total === 'wait') return new Promise<Response>(() => {});
    const res = jsonResponse(200, [{ id: 1 }]);
    res.headers.set('X-Total-Count', String(total));
    return res;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const TOTALS = {
  '/api/admin/applications?status=pending&limit=1': 12345,
  '/api/admin/applications?status=in_review&limit=1': 87,
  '/api/admin/documents?status=pending&limit=1': 310,
  '/api/admin/document-requests?status=overdue&limit=1': 4,
  '/api/admin/contracts?status=awaiting&limit=1': 0,
  '/api/admin/messages?status=unread&limit=1': 9,
  '/api/admin/emails?status=failed&limit=1': 2,
  '/api/admin/applications?status=removal_overdue&limit=1': 1,
};

describe('AdminPage overview (issue 17: counts at the top of /admin that open the filtered lists)', () => {
  it('shows each count from X-Total-Count of a one-row call, linking to its filtered list', async () => {
    const fetchMock = stubCounts(TOTALS);
    renderRoute('/admin', { user: admin });
    const overview = await screen.findByRole('region', { name: 'Overview' });
    await waitFor(() => expect(within(overview).queryAllByRole('status')).toHaveLength(0));
    const tiles = within(overview).getAllByRole('link');
    expect(tiles.map((tile) => [tile.textContent, tile.getAttribute('href')])).toEqual([
      ['12,345Applications pending review', '/admin?status=pending'],
      ['87Applications in review', '/admin?status=in_review'],
      ['310Documents awaiting review', '/admin?tab=documents&status=pending'],
      ['4Requests past their due date', '/admin?tab=documents&view=requests&status=overdue'],
      ['0Contracts awaiting signature', '/admin?tab=contracts&status=awaiting'],
      ['9Unread messages', '/admin?tab=messages&status=unread'],
      ['2Failed e-mails', '/admin?tab=emails&status=failed'],
      ['1Removals past their deadline', '/admin?status=removal_overdue'],
    ]);
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    for (const count of OVERVIEW_COUNTS) expect(urls).toContain(count.api);
  });

  it('writes the counts in Estonian number format', async () => {
    await i18n.changeLanguage('et');
    stubCounts(TOTALS);
    renderRoute('/admin', { user: { ...admin, language: 'et' } });
    const overview = await screen.findByRole('region', { name: 'Ülevaade' });
    const pending = await within(overview).findByRole('link', { name: /Ülevaatust ootavad taotlused/ });
    // Estonian groups thousands with a (no-break) space.
    await waitFor(() => expect(pending.textContent).toBe('12\u00a0345Ülevaatust ootavad taotlused'));
  });

  it('opens the filtered list when a count is followed', async () => {
    const user = userEvent.setup();
    stubCounts(TOTALS);
    const { router } = renderRoute('/admin?tab=documents', { user: admin });
    await user.click(await screen.findByRole('link', { name: /Unread messages/ }));
    expect(router.state.location.search).toBe('?tab=messages&status=unread');
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('link', { name: /Applications in review/ }));
    expect(router.state.location.search).toBe('?status=in_review');
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a spinner while a count loads and says so when one fails, the others unaffected', async () => {
    stubCounts({
      ...TOTALS,
      '/api/admin/contracts?status=awaiting&limit=1': 'fail',
      '/api/admin/messages?status=unread&limit=1': 'wait',
    });
    renderRoute('/admin', { user: admin });
    const contracts = await screen.findByRole('link', { name: /Contracts awaiting signature/ });
    await waitFor(() => expect(contracts).toHaveTextContent('Could not load'));
    const messages = screen.getByRole('link', { name: /Unread messages/ });
    expect(within(messages).getByRole('status')).toHaveTextContent('Loading the count…');
    expect(screen.getByRole('link', { name: /Documents awaiting review/ })).toHaveTextContent('310');
  });
});
