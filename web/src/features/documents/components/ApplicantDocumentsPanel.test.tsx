import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminDocument, adminDocumentRequest, documentRequest } from '../test-fixtures';
import i18n from '@/test/i18n';
import { callsTo, json, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import { groupRequestsByApplication } from '../rules';
import { ApplicantDocumentsPanel } from './ApplicantDocumentsPanel';

describe("ApplicantDocumentsPanel (issue 17: the applicant's whole file)", () => {
  /** Requests of one applicant about three things: the page's application (11), an earlier one (9) and none. */
  const requestsOfTwoTerms = () => [
    adminDocumentRequest({ id: 51, applicationId: 9, name: 'Statement for the first term' }),
    adminDocumentRequest({ id: 52, applicationId: 11, name: 'Proof of address' }),
    adminDocumentRequest({ id: 53, applicationId: null, name: 'Tax card' }),
    adminDocumentRequest({ id: 54, applicationId: 11, name: 'Diploma' }),
  ];

  it("lists the requests per application (issue 37, Applying again): the page's first, then earlier ones, then none", async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/admin/document-requests') return pageResponse(requestsOfTwoTerms());
      if (url.pathname === '/api/admin/documents') return pageResponse([]);
      return undefined;
    });
    renderAt(<ApplicantDocumentsPanel userId={7} applicationId={11} name="Mari Maasikas" />, '/admin/applications/11');
    const groups = await screen.findAllByTestId('request-group');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      'This application (#11)',
      'Application #9',
      'Not tied to an application',
    ]);
    const known = ['Proof of address', 'Diploma', 'Statement for the first term', 'Tax card'];
    const names = (group: HTMLElement) =>
      within(group)
        .getAllByTestId('admin-request-row')
        .map((row) => known.find((name) => within(row).queryByText(name)));
    expect(names(groups[0])).toEqual(['Proof of address', 'Diploma']);
    expect(names(groups[1])).toEqual(['Statement for the first term']);
    expect(names(groups[2])).toEqual(['Tax card']);
    // Each group's table is named by its heading.
    expect(within(groups[1]).getByRole('table', { name: 'Application #9' })).toBeInTheDocument();
  });

  it('names the groups in Estonian on an Estonian page', async () => {
    await i18n.changeLanguage('et');
    stubFetch((url) => {
      if (url.pathname === '/api/admin/document-requests') return pageResponse(requestsOfTwoTerms());
      if (url.pathname === '/api/admin/documents') return pageResponse([]);
      return undefined;
    });
    renderAt(<ApplicantDocumentsPanel userId={7} applicationId={11} />, '/admin/applications/11');
    const groups = await screen.findAllByTestId('request-group');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      'See taotlus (nr 11)',
      'Taotlus nr 9',
      'Ei ole seotud ühegi taotlusega',
    ]);
  });

  it('orders the other applications newest first', () => {
    const rows = [9, 3, 11, 14].map((applicationId, id) => adminDocumentRequest({ id, applicationId }));
    expect(groupRequestsByApplication(rows, 11).map((group) => group.applicationId)).toEqual([11, 14, 9, 3]);
  });

  it("lists all of that user's requests and documents, without a user column", async () => {
    const fetchMock = stubFetch((url) => {
      if (url.pathname === '/api/admin/document-requests') return pageResponse([adminDocumentRequest({ overdue: true })]);
      if (url.pathname === '/api/admin/documents') return pageResponse([adminDocument({ requestName: 'Proof of address' })]);
      return undefined;
    });
    renderAt(<ApplicantDocumentsPanel userId={7} applicationId={11} name="Mari Maasikas" />, '/admin/applications/11');
    const request = await screen.findByTestId('admin-request-row');
    expect(within(request).getByText('Proof of address')).toBeInTheDocument();
    expect(within(request).getByTestId('overdue')).toBeInTheDocument();
    const document = await screen.findByTestId('admin-document-row');
    expect(within(document).getByText('For request: Proof of address')).toBeInTheDocument();
    expect(screen.queryByText('Mari Maasikas')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'User' })).not.toBeInTheDocument();
    const one = { userId: '7', order: 'desc', limit: '200' };
    expect(callsTo(fetchMock, 'GET', '/api/admin/document-requests')[0].query).toEqual({ ...one, sort: 'createdAt' });
    // Issue 37: the sort key is the field's name, createdAt (spec §3), not uploadedAt.
    expect(callsTo(fetchMock, 'GET', '/api/admin/documents')[0].query).toEqual({ ...one, sort: 'createdAt' });
  });

  it('reviews there: a rejection asks for the reason and refreshes the lists', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === '/api/admin/document-requests') return pageResponse([]);
      if (url.pathname === '/api/admin/documents') return pageResponse([adminDocument()]);
      if (init?.method === 'PUT') return json(200, adminDocument({ status: 'rejected' }));
      return undefined;
    });
    renderAt(<ApplicantDocumentsPanel userId={7} applicationId={11} />, '/admin/applications/11');
    expect(await screen.findByText('No documents requested yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Reject document Passport copy' }));
    await user.type(within(screen.getByRole('alertdialog')).getByLabelText('Reason'), 'Expired');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/documents/3/status')[0]?.body).toEqual({ status: 'rejected', reason: 'Expired' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/documents').length).toBeGreaterThan(1));
  });

  it('requests a document there for this applicant and application, without a picker', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === '/api/admin/document-requests') return pageResponse([]);
      if (url.pathname === '/api/admin/documents') return pageResponse([]);
      if (url.pathname === '/api/document-requests' && init?.method === 'POST') return json(201, documentRequest({ name: 'Diploma' }));
      return undefined;
    });
    renderAt(<ApplicantDocumentsPanel userId={7} applicationId={11} name="Mari Maasikas" />, '/admin/applications/11');
    await user.click(await screen.findByRole('button', { name: 'Request document' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: 'Applicant' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Document name'), 'Diploma');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Diploma was requested from Mari Maasikas.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/document-requests')[0].body).toEqual({
      userId: 7,
      applicationId: 11,
      name: 'Diploma',
      description: '',
      dueDate: null,
    });
  });

  it('never leaves a hole where the name goes: an applicant without a name is left out of the sentence (issue 37)', async () => {
    const user = userEvent.setup();
    stubFetch((url, init) => {
      if (url.pathname === '/api/admin/document-requests') return pageResponse([]);
      if (url.pathname === '/api/admin/documents') return pageResponse([]);
      if (url.pathname === '/api/document-requests' && init?.method === 'POST') return json(201, documentRequest({ name: 'Diploma' }));
      return undefined;
    });
    renderAt(<ApplicantDocumentsPanel userId={7} applicationId={11} />, '/admin/applications/11');
    await user.click(await screen.findByRole('button', { name: 'Request document' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Document name'), 'Diploma');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Diploma was requested.')).toBeInTheDocument();
    expect(screen.queryByText(/requested from/)).not.toBeInTheDocument();
  });
});

describe("the due date in the portal's one date field (issue 37)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-15T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  function stubPanel() {
    return stubFetch((url, init) => {
      if (url.pathname === '/api/admin/document-requests') return pageResponse([]);
      if (url.pathname === '/api/admin/documents') return pageResponse([]);
      if (url.pathname === '/api/document-requests' && init?.method === 'POST') return json(201, documentRequest({ name: 'Diploma' }));
      return undefined;
    });
  }

  it("reads 'Select date' (spec §2), offers no day before today in its calendar and sends the picked day", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = stubPanel();
    renderAt(<ApplicantDocumentsPanel userId={7} applicationId={11} name="Mari Maasikas" />, '/admin/applications/11');
    await user.click(await screen.findByRole('button', { name: 'Request document' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Document name'), 'Diploma');
    const due = within(dialog).getByLabelText('Due date (optional)');
    expect(due).toHaveAttribute('placeholder', 'Select date');
    await user.click(within(dialog).getByRole('button', { name: 'Choose the date in a calendar' }));
    const grid = await screen.findByRole('grid');
    expect(within(grid).getByText('14').closest('button')).toBeDisabled();
    await user.click(within(grid).getByText('20'));
    expect(due).toHaveValue('20/06/2025');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/document-requests')[0]?.body).toMatchObject({ dueDate: '2025-06-20' }));
  }, 20_000);

  it('says a typed day before today is not a due date, and sends nothing', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = stubPanel();
    renderAt(<ApplicantDocumentsPanel userId={7} applicationId={11} name="Mari Maasikas" />, '/admin/applications/11');
    await user.click(await screen.findByRole('button', { name: 'Request document' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Document name'), 'Diploma');
    await user.type(within(dialog).getByLabelText('Due date (optional)'), '01/06/2025');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The due date cannot be before today.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/document-requests')).toHaveLength(0);
  }, 20_000);
});
