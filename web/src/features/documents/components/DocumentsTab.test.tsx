import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { document, documentRequest, FakeXhr } from '../test-fixtures';
import { DocumentsTab } from './DocumentsTab';

type User = ReturnType<typeof userEvent.setup>;

function pdf(name = 'passport.copy.pdf') {
  return new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
}

function stubLists(documents: unknown[] = [], requests: unknown[] = []) {
  return stubApi({
    'GET /api/documents': () => jsonResponse(200, documents),
    'GET /api/document-requests': () => jsonResponse(200, requests),
  });
}

function renderTab() {
  return renderWithProviders(<DocumentsTab />, { user: applicant });
}

async function openUpload(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Upload document' }));
  return screen.getByRole('dialog');
}

function sentFields(xhr: FakeXhr) {
  return Object.fromEntries([...(xhr.body?.entries() ?? [])].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]));
}

describe('applicant Documents tab (spec §2, §5)', () => {
  beforeEach(() => FakeXhr.install());

  it('defaults the name to the file name up to the first dot, sends no empty description', async () => {
    const user = userEvent.setup();
    stubLists();
    renderTab();
    const dialog = await openUpload(user);
    expect(within(dialog).getByRole('heading', { name: 'Upload document' })).toBeInTheDocument();
    expect(within(dialog).getByText(/up to 20 MB/)).toBeInTheDocument();
    const input = within(dialog).getByLabelText('File');
    expect(input).toHaveAttribute('accept', '.pdf,.doc,.docx,.jpg,.jpeg,.png,.txt,.xls,.xlsx');
    await user.upload(input, pdf());
    expect(within(dialog).getByLabelText('Document name')).toHaveValue('passport');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/documents');
    expect(xhr.withCredentials).toBe(true);
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['name', 'file']);
    expect(sentFields(xhr)).toEqual({ name: 'passport', file: 'passport.copy.pdf' });
  });

  it('sends the full file name when the name is emptied, and the description when filled', async () => {
    const user = userEvent.setup();
    stubLists();
    renderTab();
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText('File'), pdf());
    await user.clear(within(dialog).getByLabelText('Document name'));
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Valid until 2030');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(sentFields(FakeXhr.last())).toEqual({
      name: 'passport.copy.pdf',
      description: 'Valid until 2030',
      file: 'passport.copy.pdf',
    });
  });

  it('without a file shows No File Selected and sends nothing', async () => {
    const user = userEvent.setup();
    stubLists();
    renderTab();
    const dialog = await openUpload(user);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('No File Selected')).toBeInTheDocument();
    expect(screen.getByText('Please select a file to upload.')).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('shows real upload progress, then closes, says so and refreshes both lists', async () => {
    const user = userEvent.setup();
    const fetchMock = stubLists();
    renderTab();
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText('File'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const bar = within(dialog).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => FakeXhr.last().progress(37, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '37');
    expect(within(dialog).getByText('Uploading… 37%')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Uploading…' })).toBeDisabled();

    const calls = fetchMock.mock.calls.length;
    act(() => FakeXhr.last().respond(201, document({ name: 'passport' })));
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const refetched = fetchMock.mock.calls.slice(calls).map(([url]) => url);
    expect(refetched).toEqual(expect.arrayContaining(['/api/documents', '/api/document-requests']));
  });

  it('the cancel button aborts a running upload without a failure toast', async () => {
    const user = userEvent.setup();
    stubLists();
    renderTab();
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText('File'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(FakeXhr.last().aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Upload Failed')).not.toBeInTheDocument();
  });

  it.each([
    [413, { message: 'File too large', code: 'too_large' }, 'The file is too large. The maximum size is 20 MB.'],
    [415, { message: 'Unsupported file type', code: 'unsupported_type' }, 'This file type is not accepted. Please upload a PDF, DOC, DOCX, JPG, PNG, TXT, XLS or XLSX file.'],
    [500, 'Internal Server Error', 'There was a problem uploading your document. Please try again.'],
  ])('a %i answer gives Upload Failed with the matching text', async (status, body, text) => {
    const user = userEvent.setup();
    stubLists();
    renderTab();
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText('File'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.last().respond(status, body));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a quota_exceeded 413 says so in Estonian, not that the file is too large (issue 11)', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stubLists();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Laadi dokument üles' }));
    const dialog = screen.getByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Fail'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Laadi üles' }));
    act(() => FakeXhr.last().respond(413, { message: 'Upload quota exceeded', code: 'quota_exceeded', fields: {} }));
    expect(
      await screen.findByText(
        'Olete jõudnud oma konto üleslaadimise piirini (failide arv või kogumaht). Kui teil on vaja rohkem üles laadida, võtke palun meiega ühendust.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/liiga suur/)).not.toBeInTheDocument();
  });

  it('chooses the file in a drop zone in the page\'s language, not the browser\'s Choose File (issue 18)', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stubLists();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Laadi dokument üles' }));
    const dialog = screen.getByRole('dialog');
    const zone = within(dialog).getByTestId('file-drop-zone');
    expect(within(zone).getByRole('button', { name: 'Lohistage fail siia või klõpsake faili valimiseks' })).toBeEnabled();
    expect(within(dialog).getByLabelText('Fail')).not.toBeVisible();
    const file = pdf();
    const drop = createEvent.drop(zone);
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [file], dropEffect: 'none' } });
    fireEvent(zone, drop);
    expect(within(zone).getByText(/passport\.copy\.pdf \(13 B\)/)).toBeInTheDocument();
    expect(within(zone).getByText('Vali teine fail')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Dokumendi nimi')).toHaveValue('passport');
    await user.click(within(dialog).getByRole('button', { name: 'Laadi üles' }));
    expect(sentFields(FakeXhr.last())).toEqual({ name: 'passport', file: 'passport.copy.pdf' });
  });

  it('refuses a file type it knows the server refuses, without sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    stubLists();
    renderTab();
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText('File'), new File(['MZ'], 'setup.exe'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    // The whole text: a regex also matches Radix's screen-reader announcement of the toast, which joins title and
    // description into one text and, on a busy machine, is already there (it made this test flaky).
    expect(
      screen.getByText('This file type is not accepted. Please upload a PDF, DOC, DOCX, JPG, PNG, TXT, XLS or XLSX file.'),
    ).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('hides the requests table when there are none and shows the empty state', async () => {
    stubLists();
    renderTab();
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(screen.queryByText('Requested documents')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('document-request-row')).toHaveLength(0);
  });

  it('lists requests; Upload on a request opens a dialog titled with its name that sends its id', async () => {
    const user = userEvent.setup();
    stubLists(
      [],
      [
        documentRequest(),
        documentRequest({ id: 42, name: 'Bank statement', status: 'submitted', dueDate: null, description: null }),
        documentRequest({ id: 43, name: 'ID card photo', status: 'rejected' }),
      ],
    );
    renderTab();
    const rows = await screen.findAllByTestId('document-request-row');
    expect(within(rows[0]).getByText('Proof of address')).toBeInTheDocument();
    expect(within(rows[0]).getByText('A utility bill from the last 3 months')).toBeInTheDocument();
    expect(within(rows[0]).getByText('30 June 2025')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Requested')).toHaveAttribute('data-variant', 'secondary');
    expect(within(rows[1]).getByText('No due date')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Submitted')).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]).getByRole('button', { name: 'Upload again: ID card photo' })).toBeInTheDocument();

    await user.click(within(rows[0]).getByRole('button', { name: 'Upload a document for Proof of address' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Proof of address' })).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('File'), pdf('bill.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const xhr = FakeXhr.last();
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['requestId', 'name', 'file']);
    expect(sentFields(xhr)).toEqual({ requestId: '41', name: 'bill', file: 'bill.pdf' });
  });

  it('a rejected document shows its reason and offers Upload again, which sends replacesDocumentId (issue 17)', async () => {
    const user = userEvent.setup();
    stubLists([
      document({ id: 8, name: 'Lease', status: 'rejected', rejectionReason: 'The second page is missing' }),
      document({ id: 5, name: 'Lease', status: 'rejected', rejectionReason: 'Unsigned', replacedById: 8 }),
      document({ id: 4, name: 'Photo', status: 'approved' }),
    ]);
    renderTab();
    const rows = await screen.findAllByTestId('document-row');
    expect(within(rows[0]).getByText('Reason: The second page is missing')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Reason: Unsigned')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Uploaded again')).toBeInTheDocument();
    // Only the rejected document nothing replaced yet can be uploaded again.
    expect(within(rows[1]).queryByRole('button', { name: /again/ })).not.toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: /again/ })).not.toBeInTheDocument();

    await user.click(within(rows[0]).getByRole('button', { name: 'Upload again: Lease' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Upload “Lease” again' })).toBeInTheDocument();
    expect(within(dialog).getByText('Your earlier file was rejected. Reason: The second page is missing')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Document name')).toHaveValue('Lease');
    await user.upload(within(dialog).getByLabelText('File'), pdf('lease-signed.pdf'));
    expect(within(dialog).getByLabelText('Document name')).toHaveValue('Lease'); // the earlier name stays
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const xhr = FakeXhr.last();
    expect(sentFields(xhr)).toEqual({ replacesDocumentId: '8', name: 'Lease', file: 'lease-signed.pdf' });
    xhr.progress(50, 100);
    // The bar may show before the progress event re-renders it: wait for the value, not just the bar.
    await waitFor(() => expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
  });

  it('a rejected request shows the reason and Upload again answers the request (issue 17)', async () => {
    const user = userEvent.setup();
    stubLists([], [documentRequest({ id: 43, name: 'ID card photo', status: 'rejected', rejectionReason: 'Blurred', overdue: true })]);
    renderTab();
    const row = await screen.findByTestId('document-request-row');
    expect(within(row).getByText('Reason: Blurred')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Upload again: ID card photo' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'ID card photo' })).toBeInTheDocument();
    expect(within(dialog).getByText('Your earlier file was rejected. Reason: Blurred')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('File'), pdf('id.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(sentFields(FakeXhr.last())).toEqual({ requestId: '43', name: 'id', file: 'id.pdf' });
  });

  it('lists documents with type after the slash, date, translated or raw status and a download link', async () => {
    stubLists([
      document({ description: 'Front and back' }),
      document({ id: 4, name: 'Photo', fileType: 'image/jpeg', status: 'approved', filePath: '/api/documents/4/download' }),
      document({ id: 5, name: 'Old', status: 'archived' }),
    ]);
    renderTab();
    const rows = await screen.findAllByTestId('document-row');
    expect(within(rows[0]).getByText('pdf')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Front and back')).toBeInTheDocument();
    expect(within(rows[0]).getByText('9 May 2025')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Pending review')).toHaveAttribute('data-variant', 'secondary');
    expect(within(rows[1]).getByText('jpeg')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Approved')).toHaveAttribute('data-variant', 'default');
    expect(within(rows[1]).getByRole('link', { name: 'Download document Photo' })).toHaveAttribute('href', '/api/documents/4/download');
    expect(within(rows[2]).getByText('archived')).toHaveAttribute('data-variant', 'secondary');
  });

  it('shows loading and error states', async () => {
    stubApi({ 'GET /api/documents': () => new Promise<Response>(() => {}), 'GET /api/document-requests': () => jsonResponse(200, []) });
    const first = renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('Loading documents…');
    first.unmount();
    stubApi({ 'GET /api/documents': () => jsonResponse(500, { message: 'Storage is down' }), 'GET /api/document-requests': () => jsonResponse(200, []) });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Storage is down');
  });

  it('speaks Estonian', async () => {
    const user = userEvent.setup();
    stubLists();
    await act(() => i18n.changeLanguage('et'));
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Laadi dokument üles' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Laadi üles' }));
    expect(await screen.findByText('Faili pole valitud')).toBeInTheDocument();
  });
});

describe('focus returns to the opener when the upload dialog closes (issue 18, Accessibility)', () => {
  beforeEach(() => FakeXhr.install());

  it.each([
    ['the tab’s Upload document', 'Upload document'],
    ['a request’s Upload', 'Upload a document for Proof of address'],
  ])('%s, opened with the keyboard and closed with Escape, has focus again', async (_, name) => {
    const user = userEvent.setup();
    stubLists([], [documentRequest()]);
    renderTab();
    await screen.findAllByTestId('document-request-row');
    const opener = screen.getByRole('button', { name });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(window.document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('an upload says which request it answers (issue 37)', () => {
  it('names the request under an upload whose own name (the file name by default) does not', async () => {
    stubLists(
      [
        document({ id: 3, name: 'IMG_2041', requestId: 41, status: 'pending' }),
        document({ id: 4, name: 'Proof of address', requestId: 41, status: 'rejected', replacedById: 3 }),
        document({ id: 5, name: 'Passport copy', requestId: null }),
      ],
      [documentRequest({ id: 41, name: 'Proof of address', status: 'submitted' })],
    );
    renderTab();
    const rows = await screen.findAllByTestId('document-row');
    expect(within(rows[0]).getByTestId('answers-request')).toHaveTextContent('For request: Proof of address');
    // Named like the request already, or answering none: nothing to add.
    expect(within(rows[1]).queryByTestId('answers-request')).not.toBeInTheDocument();
    expect(within(rows[2]).queryByTestId('answers-request')).not.toBeInTheDocument();
  });

  it('in Estonian', async () => {
    await i18n.changeLanguage('et');
    stubLists([document({ name: 'skaneering', requestId: 41 })], [documentRequest({ id: 41, name: 'Elukohatõend' })]);
    renderTab();
    expect(await screen.findByTestId('answers-request')).toHaveTextContent('Päringule: Elukohatõend');
  });
});
