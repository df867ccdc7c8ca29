import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { USER_QUERY_KEY } from '@/lib/auth/get-user';
import { createQueryClient } from '@/lib/query-client';
import i18n from '@/test/i18n';
import { admin, jsonResponse, renderRoute, stubApi } from '@/test/render';
import type { ApplicationDetail } from '@/types/api';
import { AVAILABLE_COMPANIES_URL as AVAILABLE } from './api/get-companies';
import { ApplicationDetailPage, type ApplicationSubject } from './ApplicationDetailPage';
import { companies, detail } from './test-fixtures';

const DETAIL = '/api/admin/applications/5';
const STATUS = '/api/admin/applications/5/status';

function puts(fetchMock: ReturnType<typeof stubApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => input === path && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

function value(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** A backend whose status endpoint applies the change like the real one does. */
function stubDetail(initial: ApplicationDetail = detail(), statusAnswer?: () => Response) {
  let current = initial;
  return stubApi({
    [`GET ${DETAIL}`]: () => jsonResponse(200, current),
    [`PUT ${STATUS}`]: (init) => {
      if (statusAnswer) return statusAnswer();
      const body = JSON.parse(String(init?.body)) as {
        status: ApplicationDetail['status'];
        notes: string | null;
        internalNote?: string;
      };
      current = {
        ...current,
        status: body.status,
        adminNotes: body.notes ?? current.adminNotes,
        statusUpdates: [
          {
            id: current.statusUpdates.length + 1,
            oldStatus: current.status,
            newStatus: body.status,
            notes: body.notes,
            internalNote: body.internalNote ?? null,
            createdAt: new Date().toISOString(),
            changedBy: 1,
          },
          ...current.statusUpdates,
        ],
      };
      return jsonResponse(200, current);
    },
    [`GET ${AVAILABLE}`]: () => jsonResponse(200, [companies[0]]),
  });
}

describe('Application detail (spec §2, §4)', () => {
  it('shows the applicant, status badge, company and status history', async () => {
    stubDetail();
    renderRoute('/admin/applications/5', { user: admin });
    expect(screen.getByRole('heading', { name: 'Application #5' })).toBeInTheDocument();
    expect(await screen.findByText('Applicant details')).toBeInTheDocument();
    expect(value('Full name')).toBe('Mari Maasikas');
    expect(value('Username')).toBe('mari');
    expect(value('Email')).toBe('mari@example.ee');
    expect(value('Phone')).toBe('+3725551234');
    expect(value('Date of birth')).toBe('12 April 1980');
    expect(value('ID code')).toBe('38004120000');
    expect(value('City')).toBe('Tartu');
    expect(value('Address')).toBe('Rüütli 5');
    expect(screen.getAllByText('In Review')[0]).toHaveAttribute('data-status', 'in_review');

    expect(screen.getByText('No company has been assigned yet.')).toBeInTheDocument();
    expect(screen.getByText('A company can be assigned once the application is approved or active.')).toBeInTheDocument();

    const [entry] = screen.getAllByTestId('history-entry');
    expect(within(entry).getByRole('group', { name: 'Pending Review to In Review' })).toBeInTheDocument();
    expect(within(entry).getByTestId('history-applicant-note')).toHaveTextContent('Note to the applicantChecking documents');
    expect(within(entry).getByTestId('history-internal-note')).toHaveTextContent(
      'Internal note (admins only)Ask for a clearer ID copy',
    );
    expect(within(entry).getByText('15 Mar 2025, 10:30')).toBeInTheDocument(); // Tallinn time
    expect(screen.getByRole('link', { name: 'Back to list' })).toHaveAttribute('href', '/admin');
  });

  it('shows "Validation Error" and sends nothing when neither status nor notes changed', async () => {
    const user = userEvent.setup();
    const fetchMock = stubDetail();
    renderRoute('/admin/applications/5', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please either change the status or add notes.')).toBeInTheDocument();
    expect(screen.getByText('Validation Error').closest('[data-variant]')).toHaveAttribute('data-variant', 'default');

    await user.type(screen.getByLabelText('Note to the applicant'), '   ');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(puts(fetchMock, STATUS)).toEqual([]);
  });

  it('sends a changed status with notes, toasts, clears the notes and refreshes detail and list', async () => {
    const user = userEvent.setup();
    const fetchMock = stubDetail();
    const { queryClient } = renderRoute('/admin/applications/5', { user: admin });
    queryClient.setQueryData(['/api/admin/applications?limit=20&offset=0'], { items: [], total: 0 });
    await screen.findByText('Applicant details');

    await user.click(screen.getByLabelText('Status'));
    await user.click(screen.getByRole('option', { name: 'Approved' }));
    await user.type(screen.getByLabelText('Note to the applicant'), ' Looks good ');
    await user.click(screen.getByRole('button', { name: 'Update status' }));

    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    expect(puts(fetchMock, STATUS)).toEqual([{ status: 'approved', notes: 'Looks good' }]);
    expect(screen.getByLabelText('Note to the applicant')).toHaveValue('');
    expect(queryClient.getQueryState(['/api/admin/applications?limit=20&offset=0'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2));
    const [newest] = screen.getAllByTestId('history-entry');
    expect(within(newest).getByRole('group', { name: 'In Review to Approved' })).toBeInTheDocument();
    expect(within(newest).getByText('Looks good')).toBeInTheDocument();
    // The detail was fetched again after the update.
    expect(fetchMock.mock.calls.filter(([input, init]) => input === DETAIL && !init?.method).length).toBeGreaterThanOrEqual(2);
    // Now approved: the company can be assigned.
    expect(await screen.findByRole('form', { name: 'Assign a company' })).toBeInTheDocument();
  });

  it('issue 16, What each role sees: the card sends the note to the applicant and the internal note, each labelled', async () => {
    const user = userEvent.setup();
    const fetchMock = stubDetail(detail({ statusUpdates: [] }));
    renderRoute('/admin/applications/5', { user: admin });
    const applicantNote = await screen.findByLabelText('Note to the applicant');
    const internalNote = screen.getByLabelText('Internal note (admins only)');
    expect(applicantNote).toHaveAccessibleDescription("Shown on the applicant's dashboard and in the status e-mail.");
    expect(internalNote).toHaveAccessibleDescription('Never shown or sent to the applicant.');

    await user.type(applicantNote, ' Welcome aboard ');
    await user.type(internalNote, ' Double-check the ID copy ');
    await user.click(screen.getByRole('button', { name: 'Update status' }));

    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    expect(puts(fetchMock, STATUS)).toEqual([
      { status: 'in_review', notes: 'Welcome aboard', internalNote: 'Double-check the ID copy' },
    ]);
    expect(applicantNote).toHaveValue('');
    expect(internalNote).toHaveValue('');
    const [entry] = await screen.findAllByTestId('history-entry');
    expect(within(entry).getByTestId('history-applicant-note')).toHaveTextContent('Welcome aboard');
    expect(within(entry).getByTestId('history-internal-note')).toHaveTextContent('Double-check the ID copy');
  });

  it('issue 16: an internal note alone is an update of the current status, with no note to the applicant', async () => {
    const user = userEvent.setup();
    const fetchMock = stubDetail();
    renderRoute('/admin/applications/5', { user: admin });
    await user.type(await screen.findByLabelText('Internal note (admins only)'), 'Called the bank');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    await screen.findByText('Status updated');
    expect(puts(fetchMock, STATUS)).toEqual([{ status: 'in_review', notes: null, internalNote: 'Called the bank' }]);
  });

  it('sends the current status when only notes were added', async () => {
    const user = userEvent.setup();
    const fetchMock = stubDetail();
    renderRoute('/admin/applications/5', { user: admin });
    await user.type(await screen.findByLabelText('Note to the applicant'), 'Called the applicant');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    await screen.findByText('Status updated');
    expect(puts(fetchMock, STATUS)).toEqual([{ status: 'in_review', notes: 'Called the applicant' }]);
  });

  it('shows "Update Failed" when the update fails', async () => {
    const user = userEvent.setup();
    stubDetail(detail(), () => new Response('Bad gateway', { status: 502 }));
    renderRoute('/admin/applications/5', { user: admin });
    await user.type(await screen.findByLabelText('Note to the applicant'), 'note');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('There was a problem updating the status. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Update Failed').closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByLabelText('Note to the applicant')).toHaveValue('note');
  });

  it.each<['en' | 'et', string, string, string, string, string]>([
    ['en', 'reopen_superseded', 'Note to the applicant', 'Update status', 'Update Failed',
      'The applicant has applied again since, so this completed application cannot be reopened: its employment contract cannot come back beside the new one.'],
    ['et', 'reopen_term_ended', 'Märkus taotlejale', 'Muuda olekut', 'Uuendamine ebaõnnestus',
      'Juhatuse liikme ametiaeg on lõppenud, seega seda lõpetatud taotlust ei saa uuesti avada: selle tööleping ei saa enam kehtima hakata.'],
  ])('says in the page language why a completed application cannot be reopened (issue 37, %s: %s)', async (language, code, noteLabel, submit, title, text) => {
    await i18n.changeLanguage(language);
    const user = userEvent.setup();
    stubDetail(detail({ status: 'completed' }), () => jsonResponse(409, { message: 'The applicant has applied again since', code }));
    renderRoute('/admin/applications/5', { user: { ...admin, language } });
    await user.type(await screen.findByLabelText(noteLabel), 'Back to work');
    await user.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('rejects through the confirmation dialog after 100 ms with the default reason', async () => {
    const user = userEvent.setup();
    const fetchMock = stubDetail();
    renderRoute('/admin/applications/5', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Reject Application' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject this application?' });
    expect(within(dialog).getByText(/Rejection is irreversible/)).toBeInTheDocument();

    vi.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(puts(fetchMock, STATUS)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(puts(fetchMock, STATUS)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(puts(fetchMock, STATUS)).toEqual([{ status: 'rejected', notes: 'Application rejected by admin' }]);
    // Let TanStack Query's own timer-scheduled notifications run before going back to real timers.
    await act(() => vi.advanceTimersByTimeAsync(500));
    vi.useRealTimers();

    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Already rejected: the button is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject Application' })).not.toBeInTheDocument());
  });

  it('says Status updated after a rejection even when the page drops the dialog first (issue 18)', async () => {
    const user = userEvent.setup();
    let rejected = false;
    let answerDetail = () => undefined as unknown;
    // As over a real network: the refetch after the change takes a while, and the page meanwhile shows the
    // application as rejected, without its Reject button and so without the dialog that sent it.
    stubApi({
      [`GET ${DETAIL}`]: () =>
        rejected
          ? new Promise<Response>((resolve) => {
              answerDetail = () => resolve(jsonResponse(200, detail({ status: 'rejected' })));
            })
          : jsonResponse(200, detail()),
      [`PUT ${STATUS}`]: () => {
        rejected = true;
        return jsonResponse(200, detail({ status: 'rejected' }));
      },
      [`GET ${AVAILABLE}`]: () => jsonResponse(200, [companies[0]]),
    });
    renderRoute('/admin/applications/5', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Reject Application' }, { timeout: 5_000 }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reject application' }));
    // Gone for good, not only hidden behind the open dialog: the dialog went with it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject Application', hidden: true })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument();
    act(() => void answerDetail());
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    expect(screen.getByText('The application is now: Rejected.')).toBeInTheDocument();
  }, 15_000);

  it('rejects with the typed notes', async () => {
    const user = userEvent.setup();
    const fetchMock = stubDetail();
    renderRoute('/admin/applications/5', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Reject Application' }));
    await user.type(screen.getByLabelText('Reason (optional)'), 'Not resident in Estonia');
    await user.click(screen.getByRole('button', { name: 'Reject application' }));
    await waitFor(() => expect(puts(fetchMock, STATUS)).toEqual([{ status: 'rejected', notes: 'Not resident in Estonia' }]));
    // The update card's select, never touched, follows the application's new status.
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveTextContent('Rejected'));
  });

  it('hides the reject button when the application is already rejected', async () => {
    stubDetail(detail({ status: 'rejected' }));
    renderRoute('/admin/applications/5', { user: admin });
    await screen.findByText('Applicant details');
    expect(screen.queryByRole('button', { name: 'Reject Application' })).not.toBeInTheDocument();
  });

  it('assigns an available company with a registration date to an approved application', async () => {
    const user = userEvent.setup();
    let current = detail({ status: 'approved' });
    const fetchMock = stubApi({
      [`GET ${DETAIL}`]: () => jsonResponse(200, current),
      [`GET ${AVAILABLE}`]: () => jsonResponse(200, [companies[0]]),
      [`PUT ${DETAIL}/company`]: () => {
        current = {
          ...current,
          company: {
            id: 1,
            name: 'Nordic Shelf 17 OÜ',
            registrationCode: '16123456',
            startDate: '2025-05-02',
            endDate: '2025-11-02',
            monthlyPayment: 500,
            status: 'assigned',
          },
        };
        return jsonResponse(200, current);
      },
    });
    renderRoute('/admin/applications/5', { user: admin });
    const form = await screen.findByRole('form', { name: 'Assign a company' });
    await user.click(within(form).getByLabelText('Company'));
    // Only available companies are offered.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Nordic Shelf 17 OÜ (16123456)']);
    await user.click(screen.getByRole('option', { name: 'Nordic Shelf 17 OÜ (16123456)' }));
    await user.type(within(form).getByLabelText('Registration date (optional)'), '2025-05-02');
    await user.click(within(form).getByRole('button', { name: 'Assign company' }));

    expect(await screen.findByText('Company assigned')).toBeInTheDocument();
    expect(puts(fetchMock, `${DETAIL}/company`)).toEqual([{ companyId: 1, registrationDate: '2025-05-02' }]);
    expect(screen.getByText('2 May 2025 – 2 November 2025')).toBeInTheDocument();
  });

  it("shows the company's payment schedule from payroll (issue 23)", async () => {
    const user = userEvent.setup();
    const company = {
      id: 1,
      name: 'Nordic Shelf 17 OÜ',
      registrationCode: '16123456',
      startDate: '2026-10-01',
      endDate: '2027-04-01',
      monthlyPayment: 500,
      status: 'assigned' as const,
    };
    const payment = (id: number, dueDate: string, net: string) => ({
      id,
      sequence: id,
      applicationId: 5,
      period: { start: dueDate, end: dueDate },
      dueDate,
      gross: '500.00',
      pension: '10.00',
      unemploymentInsurance: '0.00',
      incomeTax: '0.00',
      net,
      status: 'scheduled',
      paidAt: null,
      failureReason: null,
      company: { name: company.name },
      payslipUrl: null,
    });
    const fetchMock = stubApi({
      [`GET ${DETAIL}`]: () => jsonResponse(200, { ...detail({ status: 'active' }), company }),
      [`GET ${DETAIL}/payments`]: () =>
        jsonResponse(200, [payment(1, '2026-10-08', '490.00'), payment(2, '2026-11-30', '390.00')]),
      [`GET ${AVAILABLE}`]: () => jsonResponse(200, []),
    });
    renderRoute('/admin/applications/5', { user: admin });
    await user.click(await screen.findByText('Payment schedule', { selector: 'summary' }));
    const rows = within(screen.getByRole('table', { name: 'Payment schedule' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.replace(/\s+/g, ' '))).toEqual([
      '8 October 2026€500.00€490.00',
      '30 November 2026€500.00€390.00',
    ]);
    expect(fetchMock.mock.calls.some(([input]) => input === `${DETAIL}/payments`)).toBe(true);
  });

  it('shows the load error with the generic text and the back button', async () => {
    stubApi({ [`GET ${DETAIL}`]: () => jsonResponse(404, { message: 'Application not found', code: 'not_found' }) });
    renderRoute('/admin/applications/5', { user: admin });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load application details')).toBeInTheDocument();
    expect(within(alert).getByText('An unknown error occurred. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to list' })).toHaveAttribute('href', '/admin');
  });

  it("lists the applicant's other applications with links (issue 13)", async () => {
    stubDetail(
      detail({
        otherApplications: [
          { id: 9, status: 'pending', createdAt: '2025-06-01T09:00:00Z' },
          { id: 2, status: 'completed', createdAt: '2024-05-02T09:00:00Z' },
        ],
      }),
    );
    renderRoute('/admin/applications/5', { user: admin });
    const list = await screen.findByRole('list', { name: "The applicant's other applications" });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Application #9Submitted on 1 June 2025Pending Review',
      'Application #2Submitted on 2 May 2024Completed',
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Application #9' })).toHaveAttribute('href', '/admin/applications/9');
  });

  it('shows no other-applications card for a first application', async () => {
    stubDetail();
    renderRoute('/admin/applications/5', { user: admin });
    expect(await screen.findByText('Applicant details')).toBeInTheDocument();
    expect(screen.queryByText("The applicant's other applications")).not.toBeInTheDocument();
  });

  it('assigns the application to me in one click, and unassigns it (issue 17, Work sharing)', async () => {
    const user = userEvent.setup();
    let current = detail();
    const fetchMock = stubApi({
      [`GET ${DETAIL}`]: () => jsonResponse(200, current),
      [`POST ${DETAIL}/assign-to-me`]: () => {
        current = { ...current, assignee: { id: admin.id, name: 'Ada Admin' } };
        return jsonResponse(200, current);
      },
      [`DELETE ${DETAIL}/assignee`]: () => {
        current = { ...current, assignee: null };
        return jsonResponse(200, current);
      },
    });
    renderRoute('/admin/applications/5', { user: admin });
    const assignee = await screen.findByTestId('assignee');
    expect(assignee).toHaveTextContent('Not assigned to anyone');
    expect(within(assignee).queryByRole('button', { name: 'Unassign' })).not.toBeInTheDocument();

    await user.click(within(assignee).getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('The application is assigned to you')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('assignee')).toHaveTextContent('Assignee: you'));
    expect(within(screen.getByTestId('assignee')).queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();

    await user.click(within(screen.getByTestId('assignee')).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('The application is no longer assigned')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('assignee')).toHaveTextContent('Not assigned to anyone'));
    const calls = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    expect(calls).toEqual(expect.arrayContaining([`POST ${DETAIL}/assign-to-me`, `DELETE ${DETAIL}/assignee`]));
  });

  it("offers to take over a colleague's application, and names the colleague", async () => {
    const user = userEvent.setup();
    let current = detail({ assignee: { id: 42, name: 'Kati Kolleeg' } });
    stubApi({
      [`GET ${DETAIL}`]: () => jsonResponse(200, current),
      [`POST ${DETAIL}/assign-to-me`]: () => {
        current = { ...current, assignee: { id: admin.id, name: 'Ada Admin' } };
        return jsonResponse(200, current);
      },
    });
    renderRoute('/admin/applications/5', { user: admin });
    const assignee = await screen.findByTestId('assignee');
    expect(assignee).toHaveTextContent('Assignee: Kati Kolleeg');
    expect(within(assignee).getByRole('button', { name: 'Unassign' })).toBeInTheDocument();
    await user.click(within(assignee).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(screen.getByTestId('assignee')).toHaveTextContent('Assignee: you'));
  });

  it('shows the failure when the assignment cannot be changed', async () => {
    const user = userEvent.setup();
    stubApi({
      [`GET ${DETAIL}`]: () => jsonResponse(200, detail()),
      [`POST ${DETAIL}/assign-to-me`]: () => jsonResponse(404, { message: 'Application not found', code: 'not_found' }),
    });
    renderRoute('/admin/applications/5', { user: admin });
    await user.click(within(await screen.findByTestId('assignee')).getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Could not change the assignee')).toBeInTheDocument();
  });

  it("renders the rest of the applicant's file below its cards with renderRelated", async () => {
    stubDetail(detail({ userId: 105, user: { ...detail().user, email: null } }));
    const subjects: ApplicationSubject[] = [];
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, admin);
    const router = createMemoryRouter(
      [
        {
          path: '/admin/applications/:id',
          element: (
            <ApplicationDetailPage
              renderRelated={(subject) => {
                subjects.push(subject);
                return <section aria-label="Related">related</section>;
              }}
            />
          ),
        },
      ],
      { initialEntries: ['/admin/applications/5'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <RouterProvider router={router} />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>,
    );
    const related = await screen.findByRole('region', { name: 'Related' });
    expect(related).toHaveTextContent('related');
    // Below the application's own cards.
    const history = screen.getByText('Status history');
    expect(history.compareDocumentPosition(related) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(subjects.at(-1)).toEqual({ userId: 105, applicationId: 5, email: 'mari@example.ee', name: 'Mari Maasikas' });
  });

  it('shows a notes-only update as a note, not as "Pending Review → Pending Review" (issue 37)', async () => {
    const noteOnly = {
      id: 2,
      oldStatus: 'pending' as const,
      newStatus: 'pending' as const,
      notes: 'Please send a clearer ID copy',
      internalNote: null,
      createdAt: '2025-03-16T08:30:00Z',
      changedBy: 1,
    };
    stubDetail(detail({ status: 'pending', statusUpdates: [noteOnly, ...detail().statusUpdates] }));
    renderRoute('/admin/applications/5', { user: admin });
    const [entry, change] = await screen.findAllByTestId('history-entry');
    expect(within(entry).queryByRole('group', { name: 'Pending Review to Pending Review' })).not.toBeInTheDocument();
    const note = within(entry).getByRole('group', { name: 'Note added; the status stays Pending Review' });
    expect(note).toHaveTextContent('Note added');
    expect(within(entry).getByTestId('history-applicant-note')).toHaveTextContent('Please send a clearer ID copy');
    // A real change still reads from → to.
    expect(within(change).getByRole('group', { name: 'Pending Review to In Review' })).toBeInTheDocument();
  });
});
