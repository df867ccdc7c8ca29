import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import i18n from '@/test/i18n';
import { callsTo, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import type { AuditRecord } from '../api/get-audit';
import { auditRecord } from '../test-fixtures';
import { ActivityTab } from './ActivityTab';

const AUDIT = '/api/admin/audit';
const ADMINS = '/api/admin/admins';

const viewed = auditRecord();
const statusChanged = auditRecord({
  id: 40,
  action: 'application.status_changed',
  details: { from: 'pending', to: 'rejected' },
  occurredAt: '2026-05-09T10:20:00Z',
});
const downloaded = auditRecord({
  id: 39,
  actorId: 2,
  actorName: 'Boris Admin',
  action: 'document.downloaded',
  targetType: 'document',
  targetId: '77',
  applicantId: 12,
  applicantName: 'Jaan Tamm',
});
const exported = auditRecord({
  id: 38,
  action: 'application.exported',
  targetId: '*',
  applicantId: null,
  applicantName: null,
  details: { status: 'approved', assignee: '', sort: 'createdAt' },
});

// Issue 37: list views that show ID codes, taking an application on and replacing a company are recorded too.
const listed = auditRecord({
  id: 37,
  action: 'application.listed',
  targetId: '*',
  applicantId: null,
  applicantName: null,
  details: { status: 'pending', assignee: '', sort: 'name', order: 'asc', offset: '0', searched: 'yes', shown: '30,31,32' },
});
const contractsListed = auditRecord({
  id: 36,
  action: 'contract.listed',
  targetType: 'contract',
  targetId: '*',
  details: { status: '', sort: '', order: '', offset: '0', searched: '', shown: '5' },
});
const assigned = auditRecord({ id: 35, action: 'application.assigned', details: { assignee: '1', previous: '2' } });
const unassigned = auditRecord({ id: 34, action: 'application.unassigned', details: { previous: '1' } });
const replaced = auditRecord({ id: 33, action: 'application.company_assigned', details: { company: '9', previous_company: '8' } });

function rows() {
  return screen.getAllByTestId('audit-row');
}

function audit(items: AuditRecord[], total?: number, admins = [{ id: 1, username: 'ada', fullName: 'Ada Admin' }, { id: 2, username: 'boris', fullName: 'Boris Admin' }]) {
  return stubFetch((url) => {
    if (url.pathname === AUDIT) return pageResponse(items, total);
    if (url.pathname === ADMINS) return pageResponse(admins);
    return undefined;
  });
}

describe('admin Activity tab (issue 15, Audit log)', () => {
  it('shows one server page, newest first: time, admin, action with its facts, record, applicant and origin', async () => {
    const fetchMock = audit([viewed, statusChanged, downloaded, exported], 120);
    renderAt(<ActivityTab />, '/admin?tab=activity');

    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(callsTo(fetchMock, 'GET', AUDIT)[0].query).toEqual({ limit: '50', offset: '0' });
    const [first, second, third, fourth] = rows();
    expect(within(first).getByText(formatDateTime(viewed.occurredAt, 'en'))).toBeInTheDocument();
    expect(within(first).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(first).getByText('Viewed an application')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Application 30' })).toHaveAttribute('href', '/admin/applications/30');
    expect(within(first).getByText('Mari Maasikas')).toBeInTheDocument();
    expect(within(first).getByText('203.0.113.7')).toBeInTheDocument();

    expect(within(second).getByText("Changed an application's status")).toBeInTheDocument();
    expect(within(second).getByText('Pending Review → Rejected')).toBeInTheDocument();
    expect(within(third).getByText('Downloaded a document')).toBeInTheDocument();
    expect(within(third).getByText('Document 77')).toBeInTheDocument();
    expect(within(third).getByText('Boris Admin')).toBeInTheDocument();
    expect(within(fourth).getByText('Exported applications')).toBeInTheDocument();
    expect(within(fourth).getByText('Every application the filters matched')).toBeInTheDocument();
    expect(within(fourth).queryByRole('button', { name: /^Show only the records of/ })).not.toBeInTheDocument();
    expect(screen.getByText('1–4 of 120')).toBeInTheDocument();
  });

  it('filters by admin and action, writes them to the URL and asks the API for them', async () => {
    const user = userEvent.setup();
    const fetchMock = audit([viewed]);
    const { router } = renderAt(<ActivityTab />, '/admin?tab=activity');
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('combobox', { name: 'Admin' }));
    await user.click(await screen.findByRole('option', { name: 'Boris Admin' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('actor')).toBe('2'));

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Downloaded a document' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', AUDIT).at(-1)?.query).toEqual({ actor: '2', action: 'document.downloaded', limit: '50', offset: '0' }),
    );
  });

  it('filters by a period of days typed in the page language', async () => {
    const user = userEvent.setup();
    const fetchMock = audit([viewed]);
    renderAt(<ActivityTab />, '/admin?tab=activity');
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.type(screen.getByLabelText('From'), '01/05/2026');
    await user.type(screen.getByLabelText('To'), '09/05/2026');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', AUDIT).at(-1)?.query).toMatchObject({ from: '2026-05-01', to: '2026-05-09' }),
    );
  });

  it("narrows to one applicant from a row, names them and clears the filter", async () => {
    const user = userEvent.setup();
    const fetchMock = audit([viewed, downloaded]);
    const { router } = renderAt(<ActivityTab />, '/admin?tab=activity');
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Show only the records of Jaan Tamm' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('applicant')).toBe('12'));
    expect(callsTo(fetchMock, 'GET', AUDIT).at(-1)?.query).toMatchObject({ applicant: '12' });
    expect(await screen.findByTestId('applicant-filter')).toHaveTextContent('Applicant: Jaan Tamm');

    await user.click(screen.getByRole('button', { name: "Show every applicant's records" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('applicant')).toBeNull());
  });

  it('keeps an admin named in the URL even when the admins cannot be listed', async () => {
    audit([viewed], 1, []);
    renderAt(<ActivityTab />, '/admin?tab=activity&actor=1');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Admin' })).toHaveTextContent('Ada Admin');
  });

  it('tells an empty log from a filter that matches nothing, and says when loading failed', async () => {
    audit([]);
    const { unmount } = renderAt(<ActivityTab />, '/admin?tab=activity');
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();
    unmount();

    audit([]);
    const filtered = renderAt(<ActivityTab />, '/admin?tab=activity&action=message.read');
    expect(await screen.findByText('No matching records')).toBeInTheDocument();
    filtered.unmount();

    stubFetch(() => new Response('{"message":"Down","code":"unavailable"}', { status: 503, headers: { 'Content-Type': 'application/json' } }));
    renderAt(<ActivityTab />, '/admin?tab=activity');
    expect(await screen.findByText('Could not load the activity')).toBeInTheDocument();
  });

  it.each([
    ['en', ['Viewed the applications list', 'A page of the applications list', '3 rows shown', 'With a search'],
      ['Viewed the contracts list', 'A page of the contracts list', '1 row shown'],
      ['Took an application on', 'Taken from admin 2'], ['Gave up an application'], ['Assigned a company', 'Company 9', 'Replaced company 8']],
    ['et', ['Vaatas taotluste nimekirja', 'Lehekülg taotluste nimekirjast', 'Näidati 3 rida', 'Otsinguga'],
      ['Vaatas lepingute nimekirja', 'Lehekülg lepingute nimekirjast', 'Näidati 1 rida'],
      ['Võttis taotluse enda peale', 'Võetud adminilt 2'], ['Loobus taotlusest'], ['Määras ettevõtte', 'Ettevõte 9', 'Asendas ettevõtte 8']],
  ])('names list views, taking on, giving up and replacing a company (issue 37) in %s', async (language, ...expected) => {
    await i18n.changeLanguage(language);
    audit([listed, contractsListed, assigned, unassigned, replaced]);
    renderAt(<ActivityTab />, '/admin?tab=activity');
    await waitFor(() => expect(rows()).toHaveLength(5));
    rows().forEach((row, index) => {
      for (const text of expected[index]) expect(within(row).getByText(text)).toBeInTheDocument();
    });
    expect(within(rows()[0]).queryByRole('link')).not.toBeInTheDocument();
  });
});
