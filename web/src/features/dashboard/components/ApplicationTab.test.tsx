import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '@/components/ui/application-status-badge';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import type { ApplicationStatus, OwnApplication } from '@/types/api';
import { ownApplication, ownPayments } from '../test-fixtures';
import { ApplicationTab } from './ApplicationTab';

describe('Application tab (spec §2)', () => {
  it('shows the status badge, the company, its payment schedule from payroll and the timeline', async () => {
    stubApi({
      'GET /api/application': () => jsonResponse(200, ownApplication()),
      'GET /api/payments': () => jsonResponse(200, ownPayments),
    });
    renderWithProviders(<ApplicationTab />, { user: applicant });

    await screen.findByRole('heading', { name: 'Application status' });
    expect(screen.getAllByText('Active')[0]).toHaveAttribute('data-status', 'active');
    expect(screen.getByText('Your board membership is active. Payments follow the schedule below.')).toBeInTheDocument();

    expect(screen.getByText('Nordic Shelf 17 OÜ')).toBeInTheDocument();
    expect(screen.getByText('16123456')).toBeInTheDocument();
    // Issue 37: the same format as the schedule below it ('€500.00'), not '500 €'.
    expect(screen.getByText('Monthly payment').nextElementSibling).toHaveTextContent(/^€500\.00$/);
    expect(screen.getByText('Contract period').nextElementSibling).toHaveTextContent('3 February 2025 – 3 August 2025');

    // Issue 23: the schedule is payroll's (GET /api/payments), net beside gross; a cancelled payment is not due.
    const schedule = await screen.findByRole('table', { name: 'Payment schedule' });
    const rows = within(schedule).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.replace(/\s+/g, ' '))).toEqual([
      '10 February 2025€500.00€490.00',
      '28 February 2025€500.00€382.20',
    ]);

    const timeline = screen.getByRole('list', { name: 'Status updates' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Active')).toBeInTheDocument();
    expect(within(items[0]).getByText('Company registered, welcome aboard')).toBeInTheDocument();
    const time = within(items[0]).getByText('3 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', expect.stringMatching(/\d{4}/));
    expect(within(items[1]).getByText('Approved')).toBeInTheDocument();
    expect(within(items[1]).getByText('3 days ago')).toBeInTheDocument();
  });

  it('shows relative times and labels in Estonian', async () => {
    await i18n.changeLanguage('et');
    stubApi({ 'GET /api/application': () => jsonResponse(200, ownApplication()) });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    expect(await screen.findByText('3 minuti eest')).toBeInTheDocument();
    expect(screen.getByText('Igakuine tasu').nextElementSibling).toHaveTextContent(/^500,00\s€$/);
    expect(screen.getAllByText('Aktiivne').length).toBeGreaterThan(0);
  });

  it('shows the default rejection reason in the reader\'s language (issue 12)', async () => {
    await i18n.changeLanguage('et');
    stubApi({
      'GET /api/application': () => {
        const base = ownApplication();
        const [latest, ...rest] = base.statusUpdates;
        const rejected = { ...latest, newStatus: 'rejected' as const, notes: 'Application rejected by admin' };
        return jsonResponse(200, { ...base, statusUpdates: [rejected, ...rest] });
      },
    });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    expect(await screen.findByText('Administraator lükkas taotluse tagasi')).toBeInTheDocument();
    expect(screen.queryByText('Application rejected by admin')).not.toBeInTheDocument();
  });

  it('says no company is assigned yet and shows the empty timeline message', async () => {
    stubApi({
      'GET /api/application': () => {
        const base = ownApplication();
        const application = base.application && { ...base.application, status: 'pending' as const };
        return jsonResponse(200, { ...base, company: null, statusUpdates: [], application });
      },
    });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    expect(await screen.findByText(/No company has been assigned to you yet/)).toBeInTheDocument();
    expect(screen.getByText('There are no status updates yet.')).toBeInTheDocument();
    expect(screen.getByText('Pending Review')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment schedule' })).not.toBeInTheDocument();
  });

  it('shows the shape of the tab, not a bare spinner, while the application loads (issue 18)', () => {
    stubApi({ 'GET /api/application': () => new Promise<Response>(() => {}) });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    const loading = screen.getByRole('status');
    expect(loading).toHaveAttribute('data-testid', 'skeleton');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading).toHaveTextContent('Loading your application…');
    expect(loading.querySelector('svg.animate-spin')).toBeNull();
  });

  it('shows the error card when loading fails', async () => {
    stubApi({ 'GET /api/application': () => jsonResponse(500, { message: 'boom', code: 'internal' }) });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load application')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'There was a problem loading your application data. Please refresh the page or contact support if the issue persists.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the error card when the answer has no application', async () => {
    stubApi({ 'GET /api/application': () => jsonResponse(200, { application: null, statusUpdates: [], company: null }) });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    expect(await screen.findByText('Could not load application')).toBeInTheDocument();
  });

  it('shows a spinner while loading', () => {
    stubApi({ 'GET /api/application': () => new Promise<Response>(() => {}) });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your application…');
  });
});

describe('The status text says what is true (issue 37: it contradicted the company card)', () => {
  it('an approved application with its company assigned does not promise a company "shortly"', async () => {
    stubApi({
      'GET /api/application': () => jsonResponse(200, withStatus('approved')),
      'GET /api/payments': () => jsonResponse(200, []),
    });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    expect(await screen.findByText('Nordic Shelf 17 OÜ')).toBeInTheDocument();
    expect(screen.getByTestId('status-hint')).toHaveTextContent(
      'Your application has been approved and a company has been assigned to you. Its details are below.',
    );
    expect(screen.queryByText(/A company will be assigned to you shortly/)).not.toBeInTheDocument();
  });

  it('says a company will come while none is assigned, in Estonian too', async () => {
    await i18n.changeLanguage('et');
    stubApi({ 'GET /api/application': () => jsonResponse(200, withStatus('approved', { company: null })) });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    expect(await screen.findByTestId('status-hint')).toHaveTextContent('Teie taotlus on kinnitatud. Määrame teile peagi ettevõtte.');
    expect(screen.getByText(/Teile ei ole veel ettevõtet määratud/)).toBeInTheDocument();
  });

  it('an active membership without a company on record points to no schedule', async () => {
    stubApi({ 'GET /api/application': () => jsonResponse(200, withStatus('active', { company: null })) });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    expect(await screen.findByTestId('status-hint')).not.toHaveTextContent('schedule below');
    expect(screen.queryByRole('heading', { name: 'Payment schedule' })).not.toBeInTheDocument();
  });
});

describe('a note sent without a status change (issue 37)', () => {
  it("shows in the applicant's timeline as a message, not as the same status again", async () => {
    stubApi({
      'GET /api/application': () => {
        const base = ownApplication();
        const note = { id: 3, oldStatus: 'active' as const, newStatus: 'active' as const, notes: 'Your first payment is on its way', createdAt: new Date(Date.now() - 60_000).toISOString() };
        return jsonResponse(200, { ...base, statusUpdates: [note, ...base.statusUpdates] });
      },
      'GET /api/payments': () => jsonResponse(200, []),
    });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    const timeline = await screen.findByRole('list', { name: 'Status updates' });
    const [note, change] = within(timeline).getAllByRole('listitem');
    expect(within(note).getByTestId('timeline-note')).toHaveTextContent('Message from our team');
    expect(within(note).queryByText('Active')).not.toBeInTheDocument();
    expect(within(note).getByText('Your first payment is on its way')).toBeInTheDocument();
    expect(within(change).getByText('Active')).toBeInTheDocument();
  });
});

function withStatus(status: ApplicationStatus, overrides: Partial<OwnApplication> = {}): OwnApplication {
  const base = ownApplication();
  return { ...base, application: { ...base.application, status }, ...overrides };
}

const earlier: OwnApplication['earlierApplications'] = [
  {
    id: 12,
    status: 'rejected',
    createdAt: '2025-01-10T09:00:00Z',
    statusUpdates: [
      { id: 3, oldStatus: 'pending', newStatus: 'rejected', notes: 'ID card expired', createdAt: '2025-01-20T09:00:00Z' },
    ],
  },
];

/** The answer of POST /api/application: the new pending application, the rejected one among the earlier. */
const reapplied: OwnApplication = withStatus('pending', {
  application: { ...ownApplication().application, id: 31, status: 'pending', createdAt: '2025-06-01T09:00:00Z' },
  statusUpdates: [],
  company: null,
  earlierApplications: earlier,
});

describe('Applying again (spec §1: "The person may apply again", issue 13)', () => {
  it.each(APPLICATION_STATUSES)('offers it only for a rejected or completed application (%s)', async (status) => {
    stubApi({ 'GET /api/application': () => jsonResponse(200, withStatus(status)) });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    await screen.findByRole('heading', { name: 'Application status' });
    const offered = status === 'rejected' || status === 'completed';
    expect(screen.queryByRole('button', { name: 'Apply again' }) !== null).toBe(offered);
  });

  it('starts a new application and shows it with the earlier one', async () => {
    const fetchMock = stubApi({
      'GET /api/application': () => jsonResponse(200, withStatus('rejected', { company: null })),
      'POST /api/application': () => jsonResponse(201, reapplied),
    });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply again' }));

    expect(await screen.findByText('New application submitted')).toBeInTheDocument();
    expect(screen.getByText('Application #31 is waiting for review.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/application', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByText(/Application #31 · Submitted on 1 June 2025/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply again' })).not.toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Earlier applications' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Application #12 · submitted on 10 January 2025');
    expect(within(item).getAllByText('Rejected')[0]).toHaveAttribute('data-status', 'rejected');
    expect(within(item).getByText('ID card expired')).not.toBeVisible();
    await userEvent.click(within(item).getByText(/Application #12/));
    const history = within(item).getByRole('list', { name: 'Status updates of application #12' });
    expect(within(history).getByText('ID card expired')).toBeVisible();
  });

  it('shows why in an error toast when an application is still open (409)', async () => {
    stubApi({
      'GET /api/application': () => jsonResponse(200, withStatus('completed')),
      'POST /api/application': () =>
        jsonResponse(409, {
          message: 'You can apply again once your current application is rejected or completed',
          code: 'application_open',
          fields: {},
        }),
    });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply again' }));

    expect(await screen.findByText('Could not start a new application')).toBeInTheDocument();
    expect(
      screen.getByText('You can apply again once your current application has been rejected or completed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply again' })).toBeEnabled();
  });

  it('is offered in Estonian too', async () => {
    await i18n.changeLanguage('et');
    stubApi({ 'GET /api/application': () => jsonResponse(200, withStatus('rejected')) });
    renderWithProviders(<ApplicationTab />, { user: applicant });
    expect(await screen.findByRole('button', { name: 'Kandideeri uuesti' })).toBeInTheDocument();
  });
});
