import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { admin, jsonResponse, renderRoute, renderWithProviders, stubApi } from '@/test/render';
import type { ApplicationDetail, ShelfCompany } from '@/types/api';
import { AdminApplicationsTab } from './AdminApplicationsTab';
import { AVAILABLE_COMPANIES_URL as AVAILABLE } from './api/get-companies';
import { HANDOVER_CLIENTS_URL, type ClientRef } from './api/handover-clients';
import { companies, detail } from './test-fixtures';

/*
 * Issue 35, Handover gate: completing an application hands its company over to a client whose compliance case is
 * approved; the admin picks the client in the status form, and the company's card shows the client's name and case
 * status (not its details), in both languages.
 */

const DETAIL = '/api/admin/applications/5';
const STATUS = `${DETAIL}/status`;

const company = {
  id: 1,
  name: 'Nordic Shelf 17 OÜ',
  registrationCode: '16123456',
  startDate: '2026-04-01',
  endDate: '2026-10-01',
  monthlyPayment: 500,
  status: 'assigned' as const,
  client: null,
};
const northwind: ClientRef = { id: 7, name: 'Northwind Holdings Ltd', status: 'approved', reviewDue: '2027-12-01', expired: false };
const gulf: ClientRef = { id: 8, name: 'Gulf Trading FZE', status: 'approved', reviewDue: null, expired: false };

function puts(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([input, init]) => input === STATUS && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

function stub(initial: ApplicationDetail, clients: ClientRef[], answer?: (body: Record<string, unknown>) => Response) {
  let current = initial;
  return stubApi({
    [`GET ${DETAIL}`]: () => jsonResponse(200, current),
    [`GET ${DETAIL}/payments`]: () => jsonResponse(200, []),
    [`GET ${AVAILABLE}`]: () => jsonResponse(200, []),
    [`GET ${HANDOVER_CLIENTS_URL}`]: () => jsonResponse(200, clients),
    [`PUT ${STATUS}`]: (init) => {
      const body = JSON.parse(String(init?.body)) as { status: ApplicationDetail['status']; clientId?: number };
      if (answer) return answer(body);
      const client = clients.find((c) => c.id === body.clientId) ?? null;
      current = { ...current, status: body.status, company: { ...company, status: 'transferred', client } };
      return jsonResponse(200, current);
    },
  });
}

async function pickCompleted(user: ReturnType<typeof userEvent.setup>, statusLabel = 'Status', completed = 'Completed') {
  await user.click(await screen.findByLabelText(statusLabel));
  await user.click(screen.getByRole('option', { name: completed }));
}

afterEach(async () => {
  cleanup(); // before the language changes back, or the page still shown re-renders outside act()
  await i18n.changeLanguage('en');
});

describe('The handover of a company to a client (issue 35)', () => {
  it('asks for an approved client when completing hands the company over, and sends its id', async () => {
    const user = userEvent.setup();
    const fetchMock = stub(detail({ status: 'active', company }), [gulf, northwind]);
    renderRoute('/admin/applications/5', { user: admin });
    await screen.findByText('Applicant details');
    expect(screen.queryByLabelText('Client receiving the company')).not.toBeInTheDocument();

    await pickCompleted(user);
    const field = await screen.findByLabelText('Client receiving the company');
    expect(screen.getByText(/Only clients whose compliance case is approved/)).toBeInTheDocument();
    // No client chosen: nothing is sent, and the toast says why.
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Choose the client')).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([]);

    await user.click(field);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Gulf Trading FZE',
      'Northwind Holdings Ltd',
    ]);
    await user.click(screen.getByRole('option', { name: 'Northwind Holdings Ltd' }));
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([{ status: 'completed', notes: null, clientId: 7 }]);
    // The card now names the client and its case status.
    const line = await screen.findByTestId('handover-client');
    expect(line).toHaveTextContent('Northwind Holdings Ltd');
    expect(within(line).getByText('Approved')).toBeInTheDocument();
  });

  it('needs no client when the application has no company, or its company is handed over already', async () => {
    const user = userEvent.setup();
    const fetchMock = stub(detail({ status: 'active' }), [northwind]);
    renderRoute('/admin/applications/5', { user: admin });
    await screen.findByText('Applicant details');
    await pickCompleted(user);
    expect(screen.queryByLabelText('Client receiving the company')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(puts(fetchMock)).toEqual([{ status: 'completed', notes: null }]));
  });

  it('says when no client has an approved case', async () => {
    const user = userEvent.setup();
    stub(detail({ status: 'active', company }), []);
    renderRoute('/admin/applications/5', { user: admin });
    await screen.findByText('Applicant details');
    await pickCompleted(user);
    expect(await screen.findByText(/No client has an approved compliance case/)).toBeInTheDocument();
  });

  it('shows the refusal (409 client_not_approved) in Estonian', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stub(detail({ status: 'active', company }), [northwind], () =>
      jsonResponse(409, { code: 'client_not_approved', message: 'The client case is in review, not approved' }),
    );
    renderRoute('/admin/applications/5', { user: { ...admin, language: 'et' } });
    await screen.findByText('Taotleja andmed');
    await pickCompleted(user, 'Olek', 'Lõpetatud');
    await user.click(await screen.findByLabelText('Ettevõtte saav klient'));
    await user.click(screen.getByRole('option', { name: 'Northwind Holdings Ltd' }));
    await user.click(screen.getByRole('button', { name: 'Muuda olekut' }));
    expect(
      await screen.findByText(
        'Ettevõtet saab üle anda ainult kliendile, kelle hoolsusmeetmete toimik on kinnitatud ja ülevaatuse tähtaeg pole möödas.',
      ),
    ).toBeInTheDocument();
  });

  it.each<['en' | 'et', ClientRef, string, string]>([
    ['en', northwind, 'Client', 'Approved'],
    ['et', { ...northwind, status: 'closed' }, 'Klient', 'Ärisuhe lõppenud'],
    ['en', { ...northwind, expired: true }, 'Client', 'Review overdue'],
  ])("the company's card shows the client's name and case status (%s)", async (language, client, label, status) => {
    await i18n.changeLanguage(language);
    stub(detail({ status: 'completed', company: { ...company, status: 'transferred', client } }), []);
    renderRoute('/admin/applications/5', { user: { ...admin, language } });
    const line = await screen.findByTestId('handover-client');
    expect(screen.getByText(label, { selector: 'dt' })).toBeInTheDocument();
    expect(line).toHaveTextContent(client.name);
    expect(within(line).getByText(status)).toBeInTheDocument();
    // Only the name and status: no review date, no details of the case.
    expect(line.textContent).not.toMatch(/2027/);
  });
});

describe("The companies' list (issue 35)", () => {
  it('shows the client each company went to, with its case status', async () => {
    const handedOver: ShelfCompany = { ...companies[1], status: 'transferred', client: { ...northwind, status: 'closed' } };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = new URL(String(input), 'http://portal.test');
        if (url.pathname === '/api/admin/companies') {
          return new Response(JSON.stringify([companies[0], handedOver]), {
            headers: { 'Content-Type': 'application/json', 'X-Total-Count': '2' },
          });
        }
        if (url.pathname === '/api/admin/applications') {
          return new Response('[]', { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '0' } });
        }
        return jsonResponse(404, { message: 'Not found', code: 'not_found' });
      }),
    );
    renderWithProviders(<AdminApplicationsTab />, { user: admin });
    const rows = await screen.findAllByTestId('company-row');
    expect(within(rows[0]).queryByTestId('handover-client')).not.toBeInTheDocument();
    const client = within(rows[1]).getByTestId('handover-client');
    expect(client).toHaveTextContent('Northwind Holdings Ltd');
    expect(within(client).getByText('Relationship ended')).toBeInTheDocument();
  });
});
