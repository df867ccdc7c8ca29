import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/dates';
import { APPLICANT_OPTIONS_URL as OPTIONS_URL, applicationOptions } from '@/test/applications';
import { admin, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { adminContract, SIGNATURE } from '../test-fixtures';
import { AdminContractsTab } from './AdminContractsTab';


function renderTab() {
  return renderWithProviders(<AdminContractsTab />, { user: admin });
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create contract' }));
  return screen.getByRole('dialog');
}

async function chooseUser(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: RegExp) {
  const trigger = within(dialog).getByRole('combobox', { name: 'User' });
  await waitFor(() => expect(trigger).toBeEnabled());
  await user.click(trigger);
  await user.click(await screen.findByRole('option', { name }));
}

describe('admin Contracts tab (spec §2)', () => {
  it('lists title, user, created, expiry (dash if none) and status', async () => {
    stubApi({
      'GET /api/admin/contracts': () =>
        jsonResponse(200, [
          adminContract({ expiresAt: '2025-06-30T20:59:59Z' }),
          adminContract({ id: 6, title: 'Signed one', status: 'signed', signedAt: '2025-05-10T10:00:00Z' }),
        ]),
    });
    renderTab();
    const rows = await screen.findAllByTestId('admin-contract-row');
    expect(within(rows[0]).getByText('Mari Maasikas')).toBeInTheDocument();
    expect(within(rows[0]).getByText('mari@example.ee')).toBeInTheDocument();
    expect(within(rows[0]).getByText(formatDate('2025-05-09T10:30:00Z', 'en'))).toBeInTheDocument();
    expect(within(rows[0]).getByText('30 June 2025')).toBeInTheDocument();
    expect(within(rows[1]).getByText('—')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Signed')).toHaveAttribute('data-variant', 'default');
  });

  it('shows empty, loading and error states', async () => {
    stubApi({ 'GET /api/admin/contracts': () => jsonResponse(200, []) });
    const first = renderTab();
    expect(await screen.findByText('No contracts yet')).toBeInTheDocument();
    first.unmount();
    stubApi({ 'GET /api/admin/contracts': () => new Promise<Response>(() => {}) });
    const second = renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('Loading contracts…');
    second.unmount();
    stubApi({ 'GET /api/admin/contracts': () => jsonResponse(500, { message: 'Database is down' }) });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down');
  });

  it('view dialog: content scrolls at 400 px; a signed contract shows notice, date, image and PDF link', async () => {
    const user = userEvent.setup();
    const signed = adminContract({ status: 'signed', signedAt: '2025-05-10T10:00:00Z', signatureData: SIGNATURE });
    stubApi({ 'GET /api/admin/contracts': () => jsonResponse(200, [signed]) });
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

  it("refuses an incomplete form with the 'incomplete' toast and sends nothing", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/admin/contracts': () => jsonResponse(200, []),
      [`GET ${OPTIONS_URL}`]: () => jsonResponse(200, applicationOptions),
    });
    renderTab();
    const dialog = await openCreate(user);
    expect(dialog.className).toContain('max-w-[800px]');
    await user.type(within(dialog).getByLabelText('Title'), 'Agreement');
    await user.click(within(dialog).getByRole('button', { name: 'Create contract' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("auto-selects the user's newest application and sends applicationId and expiresAt", async () => {
    const user = userEvent.setup();
    let created = false;
    const fetchMock = stubApi({
      'GET /api/admin/contracts': () => jsonResponse(200, created ? [adminContract({ title: 'Agreement' })] : []),
      [`GET ${OPTIONS_URL}`]: () => jsonResponse(200, applicationOptions),
      'POST /api/contracts': () => {
        created = true;
        return jsonResponse(201, adminContract({ title: 'Agreement' }));
      },
    });
    renderTab();
    const dialog = await openCreate(user);
    await chooseUser(user, dialog, /Jaan Tamm/);
    expect(within(dialog).getByRole('combobox', { name: 'Application' })).toHaveTextContent(/^#30 ·/);

    await user.type(within(dialog).getByLabelText('Title'), 'Agreement');
    await user.type(within(dialog).getByLabelText('Content'), 'Line one{Enter}Line two');
    await user.type(within(dialog).getByLabelText('Expiry date (optional)'), '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create contract' }));

    expect(await screen.findByText('Contract created')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/contracts')).toEqual({
      userId: 9,
      applicationId: 30,
      title: 'Agreement',
      content: 'Line one\nLine two',
      expiresAt: '2099-12-31',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within((await screen.findAllByTestId('admin-contract-row'))[0]).getByText('Agreement')).toBeInTheDocument();
  });

  it('omits expiresAt when empty and shows the server message when creating fails', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/admin/contracts': () => jsonResponse(200, []),
      [`GET ${OPTIONS_URL}`]: () => jsonResponse(200, applicationOptions),
      'POST /api/contracts': () =>
        jsonResponse(422, { message: 'User not found', code: 'validation_error', fields: { userId: 'User not found' } }),
    });
    renderTab();
    const dialog = await openCreate(user);
    await chooseUser(user, dialog, /Mari Maasikas/);
    await user.type(within(dialog).getByLabelText('Title'), 'Agreement');
    await user.type(within(dialog).getByLabelText('Content'), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Create contract' }));

    expect(await screen.findByText('Could not create the contract')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/contracts')).toEqual({ userId: 7, applicationId: 21, title: 'Agreement', content: 'Text' });
    expect(within(screen.getByRole('dialog')).getByText('User not found')).toBeInTheDocument();
  });
});
