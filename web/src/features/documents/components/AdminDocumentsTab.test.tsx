import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayInTallinn, toIsoDate } from '@/lib/dates';
import { APPLICANT_OPTIONS_URL as OPTIONS_URL, applicationOptions } from '@/test/applications';
import { admin, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { adminDocument, documentRequest } from '../test-fixtures';
import { AdminDocumentsTab } from './AdminDocumentsTab';

type User = ReturnType<typeof userEvent.setup>;

function renderTab() {
  return renderWithProviders(<AdminDocumentsTab />, { user: admin });
}

async function openRequest(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Request document' }));
  return screen.getByRole('dialog');
}

async function chooseUser(user: User, dialog: HTMLElement, name: RegExp) {
  const trigger = within(dialog).getByRole('combobox', { name: 'User' });
  await waitFor(() => expect(trigger).toBeEnabled());
  await user.click(trigger);
  await user.click(await screen.findByRole('option', { name }));
}

describe('admin Documents tab (spec §2, §5)', () => {
  it('lists name, user, type after the slash, date and status; approve/reject only while pending', async () => {
    stubApi({
      'GET /api/admin/documents': () =>
        jsonResponse(200, [
          adminDocument(),
          adminDocument({ id: 4, name: 'Photo', fileType: 'image/png', status: 'approved' }),
          adminDocument({ id: 5, name: 'Scan', status: 'rejected', user: { fullName: null, username: null, email: null } }),
          adminDocument({ id: 6, name: 'Odd', status: 'quarantined' }),
        ]),
    });
    renderTab();
    const rows = await screen.findAllByTestId('admin-document-row');
    expect(within(rows[0]).getByText('Passport copy')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Mari Maasikas')).toBeInTheDocument();
    expect(within(rows[0]).getByText('mari@example.ee')).toBeInTheDocument();
    expect(within(rows[0]).getByText('pdf')).toBeInTheDocument();
    expect(within(rows[0]).getByText('9 May 2025')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Pending review')).toHaveAttribute('data-variant', 'secondary');
    expect(within(rows[0]).getByRole('link', { name: 'Download document Passport copy' })).toHaveAttribute(
      'href',
      '/api/documents/3/download',
    );
    expect(within(rows[0]).getByRole('button', { name: 'Approve document Passport copy' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Reject document Passport copy' })).toBeInTheDocument();

    expect(within(rows[1]).getByText('png')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Approved')).toHaveAttribute('data-variant', 'default');
    expect(within(rows[2]).getByText('Rejected')).toHaveAttribute('data-variant', 'destructive');
    expect(within(rows[2]).getByText('User #7')).toBeInTheDocument();
    expect(within(rows[3]).getByText('quarantined')).toHaveAttribute('data-variant', 'secondary');
    for (const row of rows.slice(1)) expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves with PUT status and refetches; a non-JSON answer still counts as success', async () => {
    const user = userEvent.setup();
    let listed = [adminDocument()];
    const fetchMock = stubApi({
      'GET /api/admin/documents': () => jsonResponse(200, listed),
      'PUT /api/admin/documents/3/status': () => {
        listed = [adminDocument({ status: 'approved' })];
        return new Response('OK', { status: 200, headers: { 'Content-Type': 'text/plain' } });
      },
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Approve document Passport copy' }));
    expect(await screen.findByText('Document approved')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/admin/documents/3/status')).toEqual({ status: 'approved' });
    const row = screen.getByTestId('admin-document-row');
    expect(await within(row).findByText('Approved')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a failed status change gives the updateStatusError toast with the server message', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/admin/documents': () => jsonResponse(200, [adminDocument()]),
      'PUT /api/admin/documents/3/status': () =>
        jsonResponse(409, { message: 'Only pending documents can be reviewed', code: 'conflict' }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Reject document Passport copy' }));
    expect(await screen.findByText('Could not update the document status')).toBeInTheDocument();
    // The code's text in the reader's language rather than the server's English (issue 12).
    expect(screen.getByText(/This cannot be done in its current state/)).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/admin/documents/3/status')).toEqual({ status: 'rejected' });
  });

  it('shows empty, loading and error states', async () => {
    stubApi({ 'GET /api/admin/documents': () => jsonResponse(200, []) });
    const first = renderTab();
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    first.unmount();
    stubApi({ 'GET /api/admin/documents': () => new Promise<Response>(() => {}) });
    const second = renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('Loading documents…');
    second.unmount();
    stubApi({ 'GET /api/admin/documents': () => jsonResponse(500, { message: 'Database is down' }) });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down');
  });

  it('without a user or a name shows the incomplete toast and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/admin/documents': () => jsonResponse(200, []),
      [`GET ${OPTIONS_URL}`]: () => jsonResponse(200, applicationOptions),
    });
    renderTab();
    const dialog = await openRequest(user);
    await user.type(within(dialog).getByLabelText('Document name'), 'Passport copy');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();

    await chooseUser(user, dialog, /Mari Maasikas/);
    await user.clear(within(dialog).getByLabelText('Document name'));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('sends integers, the auto-selected application and dueDate null when no date is picked', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/admin/documents': () => jsonResponse(200, []),
      [`GET ${OPTIONS_URL}`]: () => jsonResponse(200, applicationOptions),
      'POST /api/document-requests': () => jsonResponse(201, documentRequest({ userId: 9, applicationId: 30, name: 'Passport copy' })),
    });
    renderTab();
    const dialog = await openRequest(user);
    await chooseUser(user, dialog, /Jaan Tamm/);
    expect(within(dialog).getByRole('combobox', { name: 'Application' })).toHaveTextContent('#30');
    await user.type(within(dialog).getByLabelText('Document name'), 'Passport copy');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Document requested')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/document-requests')).toEqual({
      userId: 9,
      applicationId: 30,
      name: 'Passport copy',
      description: '',
      dueDate: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('picks the due date in a calendar popover (sent as YYYY-MM-DD); clearing gives null', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/admin/documents': () => jsonResponse(200, []),
      [`GET ${OPTIONS_URL}`]: () => jsonResponse(200, applicationOptions),
      'POST /api/document-requests': () =>
        jsonResponse(422, { message: 'Please check the fields', code: 'validation_error', fields: { name: 'Name is required' } }),
    });
    renderTab();
    const dialog = await openRequest(user);
    await chooseUser(user, dialog, /Mari Maasikas/);
    await user.type(within(dialog).getByLabelText('Document name'), 'Passport copy');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Both pages');

    const trigger = within(dialog).getByRole('button', { name: 'Due date (optional)' });
    expect(trigger).toHaveTextContent('Select date');
    await user.click(trigger);
    const grid = await screen.findByRole('grid');
    // Next month's 15th: always after today, so never disabled.
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const today = todayInTallinn();
    const next = today.month === 12 ? { year: today.year + 1, month: 1, day: 15 } : { ...today, month: today.month + 1, day: 15 };
    const day = within(grid).getAllByRole('button').find((b) => b.textContent === '15');
    if (!day) throw new Error('no 15th in the grid');
    await user.click(day);
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(trigger).not.toHaveTextContent('Select date');
    expect(trigger).toHaveTextContent(`15 ${new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(next.year, next.month - 1, 15))} ${next.year}`);

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Could not request the document')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/document-requests')).toEqual({
      userId: 7,
      applicationId: 21,
      name: 'Passport copy',
      description: 'Both pages',
      dueDate: toIsoDate(next),
    });
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Clear date' }));
    expect(trigger).toHaveTextContent('Select date');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(requestBody(fetchMock, '/api/document-requests', 1)).toMatchObject({ dueDate: null }));
  });
});
