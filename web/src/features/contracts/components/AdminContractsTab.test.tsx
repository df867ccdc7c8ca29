import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { formatDate } from '@/lib/dates';
import { listItem } from '@/test/applications';
import type { AdminContract } from '@/types/api';
import { adminContract, SIGNATURE } from '../test-fixtures';
import { callsTo, json, pageResponse, queryOf, renderAt, stubFetch } from '@/test/render-list';
import { AdminContractsTab } from './AdminContractsTab';

const CONTRACTS = '/api/admin/contracts';
const APPLICATIONS = '/api/admin/applications';
const FIRST_PAGE = { sort: 'createdAt', order: 'desc', limit: '50', offset: '0' };
const JAAN = listItem(30, { userId: 9, user: { fullName: 'Jaan Tamm', username: 'jaan', email: 'jaan@example.ee', phone: null } });

function renderTab(url = '/admin?tab=contracts') {
  return renderAt(<AdminContractsTab />, url);
}

/** The contracts list (a page of `listed()`), the applicant search (which finds Jaan by 'jaan') and the create call. */
function stubPortal(listed: () => AdminContract[], create?: (body: unknown) => Response) {
  return stubFetch((url, init) => {
    if (url.pathname === CONTRACTS) return pageResponse(listed());
    if (url.pathname === APPLICATIONS) return json(200, url.searchParams.get('q') === 'jaan' ? [JAAN] : []);
    if (url.pathname === '/api/contracts' && init?.method === 'POST' && create) return create(JSON.parse(String(init.body)));
    return undefined;
  });
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create contract' }));
  return screen.getByRole('dialog');
}

async function pickJaan(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('combobox', { name: 'Applicant' }), 'jaan');
  await user.click(await screen.findByRole('option', { name: /Jaan Tamm/ }));
}

describe('admin Contracts tab (spec §2; issue 17 lists)', () => {
  it('shows one server page: title, user, created, expiry and signing dates (dash if none), status', async () => {
    const fetchMock = stubFetch((url) =>
      url.pathname === CONTRACTS
        ? pageResponse(
            [
              adminContract({ expiresAt: '2025-06-30T20:59:59Z' }),
              adminContract({ id: 6, title: 'Signed one', status: 'signed', signedAt: '2025-05-10T10:00:00Z', signatureMethod: 'smart_id' }),
            ],
            245,
          )
        : undefined,
    );
    renderTab();
    const rows = await screen.findAllByTestId('admin-contract-row');
    expect(callsTo(fetchMock, 'GET', CONTRACTS)[0].query).toEqual(FIRST_PAGE);
    expect(within(rows[0]).getByText('Mari Maasikas')).toBeInTheDocument();
    expect(within(rows[0]).getByText('mari@example.ee')).toBeInTheDocument();
    // Issue 37: the table gives days short, the whole date as their title.
    expect(within(rows[0]).getByText('09/05/2025')).toHaveAttribute('title', formatDate('2025-05-09T10:30:00Z', 'en'));
    expect(within(rows[0]).getByText('30/06/2025')).toHaveAttribute('title', '30 June 2025');
    expect(within(rows[1]).getByText('—')).toBeInTheDocument(); // no expiry
    // Issue 33: how it was signed, and its ASiC-E container.
    expect(within(rows[1]).getByText('Smart-ID')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Download .asice: Signed one' })).toHaveAttribute(
      'href',
      '/api/contracts/6/asice',
    );
    expect(within(rows[0]).queryByRole('link', { name: /\.asice/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('10/05/2025')).toHaveAttribute('title', '10 May 2025');
    expect(within(rows[1]).getByText('Signed', { selector: '[data-variant]' })).toHaveAttribute('data-variant', 'default');
    expect(screen.getByText('1–2 of 245')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Contract pages' })).toBeInTheDocument();
  });

  it('reads search, status, sort and page from the URL and writes a header click back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) => (url.pathname === CONTRACTS ? pageResponse([adminContract()], 51) : undefined));
    const { router } = renderTab('/admin?tab=contracts&q=mari&status=awaiting&sort=title&order=asc&page=2');
    await screen.findByTestId('admin-contract-row');
    expect(callsTo(fetchMock, 'GET', CONTRACTS)[0].query).toEqual({
      q: 'mari',
      status: 'awaiting',
      sort: 'title',
      order: 'asc',
      limit: '50',
      offset: '50',
    });
    expect(screen.getByRole('searchbox', { name: 'Search contracts' })).toHaveValue('mari');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Not yet signed (pending or sent)');

    await user.click(screen.getByRole('button', { name: /^Expires/ }));
    await waitFor(() =>
      expect(queryOf(router.state.location.search)).toEqual({ tab: 'contracts', q: 'mari', status: 'awaiting', sort: 'expiresAt', order: 'asc' }),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', CONTRACTS).at(-1)?.query).toMatchObject({ sort: 'expiresAt', order: 'asc', offset: '0' }),
    );
  });

  it('searches as the admin types and filters by status, starting again at the first page', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) => (url.pathname === CONTRACTS ? pageResponse([adminContract()], 120) : undefined));
    const { router } = renderTab('/admin?tab=contracts&page=3');
    await screen.findByTestId('admin-contract-row');

    await user.type(screen.getByRole('searchbox', { name: 'Search contracts' }), '38004');
    await waitFor(() => expect(queryOf(router.state.location.search)).toEqual({ tab: 'contracts', q: '38004' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Expired' }));
    await waitFor(() => expect(queryOf(router.state.location.search)).toEqual({ tab: 'contracts', q: '38004', status: 'expired' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', CONTRACTS).at(-1)?.query).toEqual({ ...FIRST_PAGE, q: '38004', status: 'expired' }),
    );
  });

  it('shows empty (nothing yet, or nothing matching), loading and error states', async () => {
    stubFetch((url) => (url.pathname === CONTRACTS ? pageResponse([]) : undefined));
    const first = renderTab();
    expect(await screen.findByText('No contracts yet')).toBeInTheDocument();
    first.unmount();
    const second = renderTab('/admin?tab=contracts&status=cancelled');
    expect(await screen.findByText('No matching contracts')).toBeInTheDocument();
    second.unmount();
    stubFetch(() => new Promise<Response>(() => {}));
    const third = renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('Loading contracts…');
    third.unmount();
    stubFetch(() => json(500, { message: 'Database is down' }));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down');
  });

  it('view dialog: content scrolls at 400 px; a signed contract shows notice, date, image and PDF link', async () => {
    const user = userEvent.setup();
    const signed = adminContract({ status: 'signed', signedAt: '2025-05-10T10:00:00Z', signatureData: SIGNATURE });
    stubPortal(() => [signed]);
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'View contract Board member agreement' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.className).toContain('max-w-[700px]');
    expect(within(dialog).getByTestId('contract-content')).toHaveClass('max-h-[400px]', 'overflow-y-auto', 'whitespace-pre-wrap');
    expect(within(dialog).getByText('This contract has been signed.')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Signed on /)).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Handwritten signature' })).toHaveAttribute('src', SIGNATURE);
    expect(within(dialog).getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/contracts/5/pdf');
  });

  it('marks a pending contract sent and refetches the page', async () => {
    const user = userEvent.setup();
    let status: AdminContract['status'] = 'pending';
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === CONTRACTS) return pageResponse([adminContract({ status })]);
      if (url.pathname === '/api/admin/contracts/5/status' && init?.method === 'PUT') {
        status = 'sent';
        return json(200, adminContract({ status }));
      }
      return undefined;
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Mark as sent: Board member agreement' }));
    expect(await screen.findByText('Contract marked as sent')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/contracts/5/status')[0].body).toEqual({ status: 'sent' });
    expect(await screen.findByText('Awaiting signature')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark as sent:/ })).not.toBeInTheDocument();
  });

  it("refuses an incomplete form with the 'incomplete' toast and sends nothing", async () => {
    const user = userEvent.setup();
    const fetchMock = stubPortal(() => []);
    renderTab();
    const dialog = await openCreate(user);
    expect(dialog.className).toContain('max-w-[800px]');
    await user.type(within(dialog).getByLabelText('Title'), 'Agreement');
    await user.click(within(dialog).getByRole('button', { name: 'Create contract' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('finds the applicant on the server and sends their user, application and expiry', async () => {
    const user = userEvent.setup();
    let created = false;
    const fetchMock = stubPortal(
      () => (created ? [adminContract({ title: 'Agreement' })] : []),
      () => {
        created = true;
        return json(201, adminContract({ title: 'Agreement' }));
      },
    );
    renderTab();
    const dialog = await openCreate(user);
    await pickJaan(user, dialog);
    expect(callsTo(fetchMock, 'GET', APPLICATIONS).map((call) => call.query)).toContainEqual({ q: 'jaan', limit: '10' });

    await user.type(within(dialog).getByLabelText('Title'), 'Agreement');
    await user.type(within(dialog).getByLabelText('Content'), 'Line one{Enter}Line two');
    await user.type(within(dialog).getByLabelText('Expiry date (optional)'), '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create contract' }));

    expect(await screen.findByText('Contract created')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/contracts')[0].body).toEqual({
      userId: 9,
      applicationId: 30,
      title: 'Agreement',
      content: 'Line one\nLine two',
      expiresAt: '2099-12-31',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within((await screen.findAllByTestId('admin-contract-row'))[0]).getByText('Agreement')).toBeInTheDocument();
  });

  it("omits expiresAt when empty and shows the server's refusal of the applicant under the picker", async () => {
    const user = userEvent.setup();
    const fetchMock = stubPortal(
      () => [],
      () => json(422, { message: 'User not found', code: 'validation_error', fields: { userId: 'User not found' } }),
    );
    renderTab();
    const dialog = await openCreate(user);
    await pickJaan(user, dialog);
    await user.type(within(dialog).getByLabelText('Title'), 'Agreement');
    await user.type(within(dialog).getByLabelText('Content'), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Create contract' }));

    expect(await screen.findByText('Could not create the contract')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/contracts')[0].body).toEqual({ userId: 9, applicationId: 30, title: 'Agreement', content: 'Text' });
    expect(within(screen.getByRole('dialog')).getByText('User not found')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Applicant' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe("the expiry date in the portal's own date field (issue 37: it was the browser's mm/dd/yyyy input)", () => {
  it('is typed as dd.mm.yyyy on an Estonian page and sent as the ISO date', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    const fetchMock = stubPortal(() => [], () => json(201, adminContract({ title: 'Leping' })));
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Koosta leping' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox', { name: 'Taotleja' }), 'jaan');
    await user.click(await screen.findByRole('option', { name: /Jaan Tamm/ }));
    await user.type(within(dialog).getByLabelText('Pealkiri'), 'Leping');
    await user.type(within(dialog).getByLabelText('Sisu'), 'Tekst');
    const expiry = within(dialog).getByLabelText('Aegumise kuupäev (valikuline)');
    expect(expiry).toHaveAttribute('type', 'text');
    expect(expiry).toHaveAttribute('placeholder', 'pp.kk.aaaa');
    expect(within(dialog).getByRole('button', { name: 'Vali kuupäev kalendrist' })).toBeInTheDocument();

    await user.type(expiry, '31.02.2099');
    await user.click(within(dialog).getByRole('button', { name: 'Koosta leping' }));
    expect(await screen.findByText('Kontrollige kuupäeva')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/contracts')).toHaveLength(0);

    await user.clear(expiry);
    await user.type(expiry, '15.03.2099');
    await user.click(within(dialog).getByRole('button', { name: 'Koosta leping' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/contracts')[0]?.body).toMatchObject({ expiresAt: '2099-03-15' }));
  });
});
