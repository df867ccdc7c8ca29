import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listItem } from '@/test/applications';
import { adminDocument, adminDocumentRequest, documentRequest } from '../test-fixtures';
import { callsTo, json, pageResponse, queryOf, renderAt, stubFetch } from '@/test/render-list';
import { AdminDocumentsTab } from './AdminDocumentsTab';

const DOCUMENTS = '/api/admin/documents';
const REQUESTS = '/api/admin/document-requests';
// Issue 37: the sort key is the field's name, createdAt (spec §3), not uploadedAt.
const FIRST_PAGE = { sort: 'createdAt', order: 'desc', limit: '50', offset: '0' };

function renderTab(url = '/admin?tab=documents') {
  return renderAt(<AdminDocumentsTab />, url);
}

describe('admin Documents tab (spec §2, §5; issue 17 lists)', () => {
  it('shows one server page with name, the request it answers, user, type, date, status and the reason', async () => {
    const fetchMock = stubFetch((url) =>
      url.pathname === DOCUMENTS
        ? pageResponse(
            [
              adminDocument({ requestId: 41, requestName: 'Proof of address' }),
              adminDocument({ id: 4, name: 'Photo', fileType: 'image/png', status: 'approved' }),
              adminDocument({ id: 5, name: 'Scan', status: 'rejected', rejectionReason: 'The scan is blurred', user: { fullName: null, username: null, email: null } }),
            ],
            120,
          )
        : undefined,
    );
    renderTab();
    const rows = await screen.findAllByTestId('admin-document-row');
    expect(callsTo(fetchMock, 'GET', DOCUMENTS)[0].query).toEqual(FIRST_PAGE);
    expect(within(rows[0]).getByText('Passport copy')).toBeInTheDocument();
    expect(within(rows[0]).getByText('For request: Proof of address')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Mari Maasikas')).toBeInTheDocument();
    expect(within(rows[0]).getByText('pdf')).toBeInTheDocument();
    expect(within(rows[0]).getByText('9 May 2025')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Pending review')).toHaveAttribute('data-variant', 'secondary');
    expect(within(rows[0]).getByRole('link', { name: 'Download document Passport copy' })).toHaveAttribute('href', '/api/documents/3/download');
    expect(within(rows[0]).getByRole('button', { name: 'Approve document Passport copy' })).toBeInTheDocument();
    expect(within(rows[1]).getByText('Approved')).toHaveAttribute('data-variant', 'default');
    expect(within(rows[2]).getByText('Rejected')).toHaveAttribute('data-variant', 'destructive');
    expect(within(rows[2]).getByText('Reason: The scan is blurred')).toBeInTheDocument();
    expect(within(rows[2]).getByText('User #7')).toBeInTheDocument();
    for (const row of rows.slice(1)) expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('1–3 of 120')).toBeInTheDocument();
  });

  it('reads search, status, sort and page from the URL and writes a header click back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) => (url.pathname === DOCUMENTS ? pageResponse([adminDocument()], 51) : undefined));
    const { router } = renderTab('/admin?tab=documents&q=mari&status=rejected&sort=name&order=asc&page=2');
    await screen.findByTestId('admin-document-row');
    expect(callsTo(fetchMock, 'GET', DOCUMENTS)[0].query).toEqual({
      q: 'mari',
      status: 'rejected',
      sort: 'name',
      order: 'asc',
      limit: '50',
      offset: '50',
    });
    expect(screen.getByRole('searchbox', { name: 'Search documents' })).toHaveValue('mari');

    await user.click(screen.getByRole('button', { name: /^Date/ }));
    // createdAt is the default sort, so only the order is left in the URL.
    await waitFor(() => expect(queryOf(router.state.location.search)).toEqual({ tab: 'documents', q: 'mari', status: 'rejected', order: 'asc' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', DOCUMENTS).at(-1)?.query).toMatchObject({ sort: 'createdAt', order: 'asc', offset: '0' }),
    );
  });

  it('rejects only with a reason, asked in a dialog, and sends it', async () => {
    const user = userEvent.setup();
    let listed = [adminDocument()];
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === DOCUMENTS) return pageResponse(listed);
      if (url.pathname === '/api/admin/documents/3/status' && init?.method === 'PUT') {
        listed = [adminDocument({ status: 'rejected', rejectionReason: 'Blurred' })];
        return json(200, listed[0]);
      }
      return undefined;
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Reject document Passport copy' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject “Passport copy”' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason for the rejection.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(callsTo(fetchMock, 'PUT', '/api/admin/documents/3/status')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), '  Blurred ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Document rejected')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/documents/3/status')[0].body).toEqual({ status: 'rejected', reason: 'Blurred' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Reason: Blurred')).toBeInTheDocument();
  });

  it('approves with PUT status and no reason', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === DOCUMENTS) return pageResponse([adminDocument()]);
      if (init?.method === 'PUT') return new Response('OK', { status: 200, headers: { 'Content-Type': 'text/plain' } });
      return undefined;
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Approve document Passport copy' }));
    expect(await screen.findByText('Document approved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/documents/3/status')[0].body).toEqual({ status: 'approved' });
  });

  it('a failed rejection keeps the dialog open with the server text', async () => {
    const user = userEvent.setup();
    stubFetch((url, init) => {
      if (url.pathname === DOCUMENTS) return pageResponse([adminDocument()]);
      if (init?.method === 'PUT') return json(409, { message: 'This document was already approved', code: 'conflict' });
      return undefined;
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Reject document Passport copy' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Blurred');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Could not update the document status')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('expands a document’s earlier versions with their reasons and downloads', async () => {
    const user = userEvent.setup();
    stubFetch((url) =>
      url.pathname === DOCUMENTS
        ? pageResponse([
            adminDocument({
              id: 9,
              replacesId: 8,
              earlierVersions: [
                { id: 5, fileName: 'first.pdf', filePath: '/api/documents/5/download', uploadedAt: '2025-05-01T08:00:00Z', status: 'rejected', rejectionReason: 'Blurred' },
                { id: 8, fileName: 'second.pdf', filePath: '/api/documents/8/download', uploadedAt: '2025-05-03T08:00:00Z', status: 'rejected', rejectionReason: 'Cut off' },
              ],
            }),
          ])
        : undefined,
    );
    renderTab();
    const toggle = await screen.findByRole('button', { name: '2 earlier versions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('earlier-version')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const versions = screen.getAllByTestId('earlier-version');
    expect(versions).toHaveLength(2);
    expect(within(versions[0]).getByRole('link', { name: 'Download earlier version first.pdf' })).toHaveAttribute('href', '/api/documents/5/download');
    expect(within(versions[0]).getByText('Reason: Blurred')).toBeInTheDocument();
    expect(within(versions[1]).getByText('Reason: Cut off')).toBeInTheDocument();
  });

  it('filtered to nothing says so; unfiltered and empty says nothing is there yet; failures show', async () => {
    stubFetch((url) => (url.pathname === DOCUMENTS ? pageResponse([]) : undefined));
    const first = renderTab('/admin?tab=documents&status=pending');
    expect(await screen.findByText('No matching documents')).toBeInTheDocument();
    first.unmount();
    renderTab().unmount();
    stubFetch((url) => (url.pathname === DOCUMENTS ? json(500, { message: 'Database is down' }) : undefined));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down');
  });

  it('the requests view lists requests by due date with the applicant and Overdue, filtered from the URL', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.pathname === REQUESTS
        ? pageResponse([
            adminDocumentRequest({ overdue: true, dueDate: '2025-05-01' }),
            adminDocumentRequest({ id: 42, name: 'Diploma', status: 'rejected', rejectionReason: 'Wrong file', dueDate: '2099-12-31', user: { fullName: 'Jaan Tamm', username: 'jaan', email: null } }),
          ])
        : url.pathname === DOCUMENTS
          ? pageResponse([])
          : undefined,
    );
    const { router } = renderTab('/admin?tab=documents&view=requests&status=overdue');
    const rows = await screen.findAllByTestId('admin-request-row');
    expect(callsTo(fetchMock, 'GET', REQUESTS)[0].query).toEqual({ status: 'overdue', sort: 'createdAt', order: 'desc', limit: '50', offset: '0' });
    expect(within(rows[0]).getByText('Proof of address')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Mari Maasikas')).toBeInTheDocument();
    expect(within(rows[0]).getByText('1 May 2025')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('overdue')).toHaveTextContent('Overdue');
    expect(within(rows[1]).getByText('Reason: Wrong file')).toBeInTheDocument();
    expect(within(rows[1]).queryByTestId('overdue')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Requests' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: /^Due date/ }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', REQUESTS).at(-1)?.query).toMatchObject({ status: 'overdue', sort: 'dueDate', order: 'asc' }),
    );

    await user.click(screen.getByRole('button', { name: 'Documents' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=documents'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', DOCUMENTS)[0].query).toEqual(FIRST_PAGE));
  });

  it('requests a document for an applicant found by searching the server', async () => {
    const user = userEvent.setup();
    const mari = listItem(21, { userId: 7, user: { fullName: 'Mari Maasikas', username: 'mari', email: 'mari@example.ee', phone: null } });
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === DOCUMENTS) return pageResponse([]);
      if (url.pathname === '/api/admin/applications') return pageResponse(url.searchParams.get('q') === 'mari' ? [mari] : []);
      if (url.pathname === '/api/document-requests' && init?.method === 'POST') return json(201, documentRequest({ name: 'Passport copy' }));
      return undefined;
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Request document' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Document name'), 'Passport copy');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/document-requests')).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: 'Applicant' }), 'mari');
    await user.click(await screen.findByRole('option', { name: /Mari Maasikas/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Document requested')).toBeInTheDocument();
    expect(screen.getByText('Passport copy was requested from Mari Maasikas.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/document-requests')[0].body).toEqual({
      userId: 7,
      applicationId: 21,
      name: 'Passport copy',
      description: '',
      dueDate: null,
    });
    expect(callsTo(fetchMock, 'GET', '/api/admin/applications').some(({ query }) => query.q === 'mari')).toBe(true);
  });

  it("sorts by the field's own name: an old link's sort=uploadedAt means the default, createdAt (issue 37)", async () => {
    const fetchMock = stubFetch((url) => (url.pathname === DOCUMENTS ? pageResponse([adminDocument()]) : undefined));
    renderTab('/admin?tab=documents&sort=uploadedAt&order=asc');
    await screen.findByTestId('admin-document-row');
    expect(callsTo(fetchMock, 'GET', DOCUMENTS).at(-1)?.query).toMatchObject({ sort: 'createdAt', order: 'asc' });
    expect(callsTo(fetchMock, 'GET', DOCUMENTS).map((call) => call.query.sort)).not.toContain('uploadedAt');
  });
});
