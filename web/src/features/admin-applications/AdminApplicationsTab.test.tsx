import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { admin, jsonResponse, renderWithProviders } from '@/test/render';
import type { ApplicationListItem, ShelfCompany } from '@/types/api';
import { AdminApplicationsTab } from './AdminApplicationsTab';
import { renderTabAt } from './render-tab';
import { companies, listItem } from './test-fixtures';

interface Page<T> {
  items: T[];
  total: number;
}

interface Backend {
  list?: (url: URL) => Page<ApplicationListItem> | Response;
  companies?: (url: URL) => Page<ShelfCompany>;
  createCompany?: (body: unknown) => Response;
}

function page<T>({ items, total }: Page<T>): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

/** A fetch stub that answers the lists with an X-Total-Count header and records every URL asked. */
function stubBackend({
  list = () => ({ items: [], total: 0 }),
  companies: companyPage = () => ({ items: [], total: 0 }),
  createCompany,
}: Backend) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/admin/applications') {
      const answer = list(url);
      return answer instanceof Response ? answer : page(answer);
    }
    if (method === 'GET' && url.pathname === '/api/admin/companies') return page(companyPage(url));
    if (method === 'POST' && url.pathname === '/api/admin/companies' && createCompany) {
      return createCompany(JSON.parse(String(init?.body)));
    }
    return jsonResponse(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const urls = (path: string) =>
    fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(`${path}?`));
  return { fetchMock, listUrls: () => urls('/api/admin/applications'), companyUrls: () => urls('/api/admin/companies') };
}

const FIRST_PAGE = '/api/admin/applications?sort=createdAt&order=desc&limit=50&offset=0';

describe('Admin Applications tab (spec §2, issue 17)', () => {
  it('lists applicant, contact, ID code, status, assignee, dates and a View link', async () => {
    const { listUrls } = stubBackend({
      list: () => ({
        items: [
          listItem(5, { status: 'approved', assignee: { id: 7, name: 'Kati Kolleeg' }, updatedAt: '2025-03-20T10:00:00Z' }),
          listItem(6),
          listItem(8, { assignee: { id: 1, name: '#1' } }),
        ],
        total: 3,
      }),
    });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });

    const rows = await screen.findAllByTestId('application-row');
    expect(rows).toHaveLength(3);
    // An application the signed-in admin took on says so, whatever name the server has for them.
    expect(within(rows[2]).getByText('You')).toBeInTheDocument();
    const first = within(rows[0]);
    expect(first.getByText('Applicant 5')).toBeInTheDocument();
    expect(first.getByText('@user5')).toBeInTheDocument();
    expect(first.getByText('user5@example.ee')).toBeInTheDocument();
    expect(first.getByText('+372 5551 2345')).toBeInTheDocument();
    expect(first.getByText('3••••••••05')).toBeInTheDocument(); // masked by the server (issue 16)
    expect(first.getAllByText('Approved')[0]).toHaveAttribute('data-status', 'approved');
    expect(first.getByText('Kati Kolleeg')).toBeInTheDocument();
    expect(first.getByText('14 March 2025')).toBeInTheDocument();
    expect(first.getByText('20 March 2025')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View the application of Applicant 5' })).toHaveAttribute(
      'href',
      '/admin/applications/5',
    );
    expect(within(rows[1]).getAllByText('Pending Review').length).toBeGreaterThan(0);
    expect(within(rows[1]).getByText('Not assigned')).toBeInTheDocument();
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
    expect(listUrls()[0]).toBe(FIRST_PAGE);
  });

  it('searches on the server after the typing pauses, sending ?q= and keeping it in the URL', async () => {
    const user = userEvent.setup();
    const { listUrls } = stubBackend({
      list: (url) => ({ items: url.searchParams.get('q') === 'maasikas' ? [listItem(7)] : [], total: 1 }),
    });
    const { router } = renderWithProviders(<AdminApplicationsTab />, { user: admin });
    await screen.findByText('No applications yet.');

    await user.type(screen.getByLabelText('Search applications'), 'maasikas');
    expect(await screen.findByText('Applicant 7')).toBeInTheDocument();
    const searched = '/api/admin/applications?q=maasikas&sort=createdAt&order=desc&limit=50&offset=0';
    // Debounced: the partial words were never sent.
    expect(listUrls().filter((url) => url.includes('q='))).toEqual([searched]);
    expect(router.state.location.search).toBe('?q=maasikas');
  });

  it('filters by status and by "Assigned to me" on the server', async () => {
    const user = userEvent.setup();
    const { listUrls } = stubBackend({
      list: (url) =>
        url.searchParams.get('status') === 'approved'
          ? { items: [listItem(8, { status: 'approved' })], total: 1 }
          : { items: [listItem(1)], total: 1 },
    });
    const { router } = renderWithProviders(<AdminApplicationsTab />, { user: admin });
    await screen.findByText('Applicant 1');

    await user.click(screen.getByLabelText('Filter by status'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All statuses',
      'Pending Review',
      'In Review',
      'Approved',
      'Rejected',
      'Active',
      'Completed',
      // Issue 36: the mandates still on the register after the removal deadline.
      'Removal overdue (register)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Approved' }));
    expect(await screen.findByText('Applicant 8')).toBeInTheDocument();
    expect(listUrls()).toContain('/api/admin/applications?status=approved&sort=createdAt&order=desc&limit=50&offset=0');

    await user.click(screen.getByLabelText('Assignee'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'Assigned to me',
      'Not assigned',
    ]);
    await user.click(screen.getByRole('option', { name: 'Assigned to me' }));
    await waitFor(() =>
      expect(listUrls()).toContain(
        '/api/admin/applications?status=approved&sort=createdAt&order=desc&assignee=me&limit=50&offset=0',
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('assignee')).toBe('me');
  });

  it('sorts by a column header, ascending first, then the other way', async () => {
    const user = userEvent.setup();
    const { listUrls } = stubBackend({ list: () => ({ items: [listItem(1)], total: 1 }) });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
    await screen.findByText('Applicant 1');
    const header = () => screen.getByRole('columnheader', { name: /^Applicant/ });
    expect(header()).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header()).getByRole('button', { name: 'Applicant' }));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
    await user.click(within(header()).getByRole('button', { name: 'Applicant' }));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
    expect(listUrls()).toEqual(
      expect.arrayContaining([
        '/api/admin/applications?sort=name&order=asc&limit=50&offset=0',
        '/api/admin/applications?sort=name&order=desc&limit=50&offset=0',
      ]),
    );
    expect(screen.getByRole('columnheader', { name: /^Submitted/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('opens the view a shared link names, and exports CSV with its filters and sort but not its page', async () => {
    const { listUrls } = stubBackend({
      list: (url) => ({ items: url.searchParams.get('offset') === '50' ? [listItem(51)] : [], total: 51 }),
    });
    renderTabAt('/admin?q=tamm&status=in_review&assignee=me&sort=name&order=asc&page=2');
    expect(await screen.findByText('Applicant 51')).toBeInTheDocument();
    expect(listUrls()).toEqual([
      '/api/admin/applications?q=tamm&status=in_review&sort=name&order=asc&assignee=me&limit=50&offset=50',
    ]);
    expect(screen.getByLabelText('Search applications')).toHaveValue('tamm');
    expect(screen.getByText('51–51 of 51')).toBeInTheDocument();
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute(
      'href',
      '/api/admin/applications/export.csv?q=tamm&status=in_review&sort=name&order=asc&assignee=me',
    );
    expect(csv).toHaveAttribute('download');
  });

  it('shows the empty state, with a different text when a search finds nothing', async () => {
    const user = userEvent.setup();
    stubBackend({ list: () => ({ items: [], total: 0 }) });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
    expect(await screen.findByText('No applications yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search applications'), 'nobody');
    expect(await screen.findByText('No applications match your search or filter.')).toBeInTheDocument();
  });

  it('shows "Failed to load applications" when the list fails', async () => {
    stubBackend({ list: () => jsonResponse(500, { message: 'down', code: 'internal' }) });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
    expect(await screen.findByText('Failed to load applications')).toBeInTheDocument();
  });

  it('pages by 50 using X-Total-Count', async () => {
    const user = userEvent.setup();
    const { listUrls } = stubBackend({
      list: (url) => {
        const offset = Number(url.searchParams.get('offset'));
        const count = Math.min(50, 120 - offset);
        return { items: Array.from({ length: count }, (_, i) => listItem(offset + i + 1)), total: 120 };
      },
    });
    const { router } = renderWithProviders(<AdminApplicationsTab />, { user: admin });
    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51–100 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(listUrls()).toContain('/api/admin/applications?sort=createdAt&order=desc&limit=50&offset=100');
    expect(router.state.location.search).toBe('?page=3');
  });

  it('lists shelf companies with status and applicant', async () => {
    stubBackend({ companies: () => ({ items: companies, total: 2 }) });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
    const rows = await screen.findAllByTestId('company-row');
    expect(within(rows[0]).getByText('Nordic Shelf 17 OÜ')).toBeInTheDocument();
    expect(within(rows[0]).getAllByText('Available').length).toBeGreaterThan(0);
    expect(within(rows[0]).getByText('Not assigned')).toBeInTheDocument();
    expect(within(rows[1]).getAllByText('Assigned').length).toBeGreaterThan(0);
    expect(within(rows[1]).getByRole('link', { name: 'Jaan Tamm' })).toHaveAttribute('href', '/admin/applications/9');
    expect(within(rows[1]).getByText('3 February 2025')).toBeInTheDocument();
  });

  it('searches, filters, sorts and pages the companies on the server, under their own URL keys', async () => {
    const user = userEvent.setup();
    const { companyUrls, listUrls } = stubBackend({
      companies: (url) =>
        url.searchParams.get('q') === 'nordic' ? { items: [companies[0]], total: 1 } : { items: companies, total: 45 },
    });
    const { router } = renderWithProviders(<AdminApplicationsTab />, { user: admin });
    expect(await screen.findByText('1–2 of 45')).toBeInTheDocument();
    expect(companyUrls()[0]).toBe('/api/admin/companies?sort=createdAt&order=desc&limit=20&offset=0');

    await user.type(screen.getByLabelText('Search companies'), 'nordic');
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registered' }));
    await user.click(screen.getByLabelText('Company status'));
    await user.click(screen.getByRole('option', { name: 'Transferred' }));
    await waitFor(() =>
      expect(companyUrls()).toContain(
        '/api/admin/companies?q=nordic&status=transferred&sort=registrationDate&order=asc&limit=20&offset=0',
      ),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      'companies.q': 'nordic',
      'companies.sort': 'registrationDate',
      'companies.order': 'asc',
      'companies.status': 'transferred',
    });
    // The applications list did not move.
    expect(new Set(listUrls())).toEqual(new Set([FIRST_PAGE]));
  });

  it('adds a company, and shows the server message on a 409', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    stubBackend({
      createCompany: (body) => {
        bodies.push(body);
        return bodies.length === 1
          ? jsonResponse(409, {
              message: 'A company with this registry code already exists',
              code: 'registration_code_taken',
              fields: { registrationCode: 'A company with this registry code already exists' },
            })
          : jsonResponse(201, { ...companies[0], name: 'New Shelf OÜ', registrationCode: '17000000' });
      },
    });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Add company' }));
    const dialog = screen.getByRole('dialog', { name: 'Add company' });

    await user.click(within(dialog).getByRole('button', { name: 'Add company' }));
    expect(await within(dialog).findByText('Company name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('The registry code must be 8 digits')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Company name'), 'New Shelf OÜ');
    await user.type(within(dialog).getByLabelText('Registry code'), '16123456');
    await user.click(within(dialog).getByRole('button', { name: 'Add company' }));
    expect(await within(dialog).findByText('A company with this registry code already exists')).toBeInTheDocument();
    expect(screen.getByText('Could not add the company')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ name: 'New Shelf OÜ', registrationCode: '16123456' });

    await user.clear(within(dialog).getByLabelText('Registry code'));
    await user.type(within(dialog).getByLabelText('Registry code'), '17000000');
    await user.type(within(dialog).getByLabelText('Registration date (optional)'), '2025-05-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add company' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies[1]).toEqual({ name: 'New Shelf OÜ', registrationCode: '17000000', registrationDate: '2025-05-01' });
    expect(screen.getByText('Company added')).toBeInTheDocument();
  });
});
