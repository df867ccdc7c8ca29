import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminDocument, adminDocumentRequest, documentRequest } from '../test-fixtures';
import { callsTo, json, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import { ApplicantDocumentsPanel } from './ApplicantDocumentsPanel';

describe("ApplicantDocumentsPanel (issue 17: the applicant's whole file)", () => {
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
    expect(callsTo(fetchMock, 'GET', '/api/admin/documents')[0].query).toEqual({ ...one, sort: 'uploadedAt' });
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
