import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { admin, jsonResponse, renderWithProviders } from '@/test/render';
import type { ApplicationListItem, ShelfCompany } from '@/types/api';
import { AdminApplicationsTab } from './AdminApplicationsTab';
import { companies, listItem } from './test-fixtures';

interface Backend {
  list?: (url: URL) => { items: ApplicationListItem[]; total: number } | Response;
  companies?: ShelfCompany[];
  createCompany?: (body: unknown) => Response;
}

/** A fetch stub that answers the list with an X-Total-Count header and records every URL asked. */
function stubBackend({ list = () => ({ items: [], total: 0 }), companies: companyList = [], createCompany }: Backend) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/admin/applications') {
      const answer = list(url);
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(answer.items), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(answer.total) },
      });
    }
    if (method === 'GET' && url.pathname === '/api/admin/companies') return jsonResponse(200, companyList);
    if (method === 'POST' && url.pathname === '/api/admin/companies' && createCompany) {
      return createCompany(JSON.parse(String(init?.body)));
    }
    return jsonResponse(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const listUrls = () =>
    fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/admin/applications'));
  return { fetchMock, listUrls };
}

describe('Admin Applications tab (spec §2)', () => {
  it('lists applicant, contact, ID code, status, submitted date and a View link', async () => {
    const { listUrls } = stubBackend({
      list: () => ({ items: [listItem(5, { status: 'approved' }), listItem(6)], total: 2 }),
    });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });

    const rows = await screen.findAllByTestId('application-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('Applicant 5')).toBeInTheDocument();
    expect(first.getByText('@user5')).toBeInTheDocument();
    expect(first.getByText('user5@example.ee')).toBeInTheDocument();
    expect(first.getByText('+372 5551 2345')).toBeInTheDocument();
    expect(first.getByText('38004120005')).toBeInTheDocument();
    expect(first.getAllByText('Approved')[0]).toHaveAttribute('data-status', 'approved');
    expect(first.getByText('14 March 2025')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View the application of Applicant 5' })).toHaveAttribute(
      'href',
      '/admin/applications/5',
    );
    expect(within(rows[1]).getAllByText('Pending Review').length).toBeGreaterThan(0);
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(listUrls()[0]).toBe('/api/admin/applications?limit=20&offset=0');
  });

  it('searches on the server after the typing pauses, sending ?search=', async () => {
    const user = userEvent.setup();
    const { listUrls } = stubBackend({
      list: (url) => ({ items: url.searchParams.get('search') === 'maasikas' ? [listItem(7)] : [], total: 1 }),
    });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
    await screen.findByText('No applications yet.');

    await user.type(screen.getByLabelText('Search applications'), 'maasikas');
    expect(await screen.findByText('Applicant 7')).toBeInTheDocument();
    expect(listUrls()).toContain('/api/admin/applications?search=maasikas&limit=20&offset=0');
    // Debounced: the partial words were never sent.
    expect(listUrls().filter((url) => url.includes('search='))).toEqual([
      '/api/admin/applications?search=maasikas&limit=20&offset=0',
    ]);
  });

  it('filters by status on the server, sending ?status=', async () => {
    const user = userEvent.setup();
    const { listUrls } = stubBackend({
      list: (url) =>
        url.searchParams.get('status') === 'approved'
          ? { items: [listItem(8, { status: 'approved' })], total: 1 }
          : { items: [listItem(1)], total: 1 },
    });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
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
    ]);
    await user.click(screen.getByRole('option', { name: 'Approved' }));
    expect(await screen.findByText('Applicant 8')).toBeInTheDocument();
    expect(listUrls()).toContain('/api/admin/applications?status=approved&limit=20&offset=0');
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

  it('pages by 20 using X-Total-Count', async () => {
    const user = userEvent.setup();
    const { listUrls } = stubBackend({
      list: (url) => {
        const offset = Number(url.searchParams.get('offset'));
        const count = Math.min(20, 45 - offset);
        return { items: Array.from({ length: count }, (_, i) => listItem(offset + i + 1)), total: 45 };
      },
    });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
    expect(await screen.findByText('1–20 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('21–40 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('41–45 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(listUrls()).toContain('/api/admin/applications?limit=20&offset=40');
  });

  it('lists shelf companies with status and applicant', async () => {
    stubBackend({ companies });
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
    const rows = await screen.findAllByTestId('company-row');
    expect(within(rows[0]).getByText('Nordic Shelf 17 OÜ')).toBeInTheDocument();
    expect(within(rows[0]).getAllByText('Available').length).toBeGreaterThan(0);
    expect(within(rows[0]).getByText('Not assigned')).toBeInTheDocument();
    expect(within(rows[1]).getAllByText('Assigned').length).toBeGreaterThan(0);
    expect(within(rows[1]).getByRole('link', { name: 'Jaan Tamm' })).toHaveAttribute('href', '/admin/applications/9');
    expect(within(rows[1]).getByText('3 February 2025')).toBeInTheDocument();
  });

  it('adds a company, and shows the server message on a 409', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    stubBackend({
      companies: [],
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
