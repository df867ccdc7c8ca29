import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import type { SentEmail } from '@/types/api';
import { callsTo, json, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import { sentEmail } from '../test-fixtures';
import { EmailsTab } from './EmailsTab';

const EMAILS = '/api/admin/emails';

const welcome = sentEmail();
const failed = sentEmail({
  id: 6,
  template: 'document_requested',
  address: 'jaan@example.ee',
  language: 'en',
  subject: 'A document is requested',
  status: 'failed',
  attempts: 8,
  lastError: 'SMTP 554: mailbox unavailable',
  sentAt: null,
});
const queued = sentEmail({ id: 7, template: 'contract_ready', subject: 'Leping ootab allkirja', status: 'queued', attempts: 0, sentAt: null });

function rows() {
  return screen.getAllByTestId('email-row');
}

function emails(items: SentEmail[], total?: number, resend?: (id: string) => Response) {
  return stubFetch((url, init) => {
    if (url.pathname === EMAILS) return pageResponse(items, total);
    const match = /^\/api\/admin\/emails\/(\d+)\/resend$/.exec(url.pathname);
    if (match && init?.method === 'POST' && resend) return resend(match[1]);
    return undefined;
  });
}

describe('admin E-mails tab (issue 14 "Admins see the latest e-mails with their status")', () => {
  it('shows one server page: recipient, subject, template, language, status, attempts, error and Tallinn times', async () => {
    const fetchMock = emails([welcome, failed, queued], 120);
    renderAt(<EmailsTab />, '/admin?tab=emails');

    await screen.findByText('Tere tulemast, Mari Maasikas!');
    expect(callsTo(fetchMock, 'GET', EMAILS)[0].query).toEqual({ sort: 'createdAt', order: 'desc', limit: '50', offset: '0' });
    const [first, second, third] = rows();
    expect(within(first).getByText('mari@example.ee')).toBeInTheDocument();
    expect(within(first).getByText('Welcome')).toBeInTheDocument();
    expect(within(first).getByText('Estonian')).toBeInTheDocument();
    expect(within(first).getByTestId('email-status')).toHaveTextContent('Sent');
    expect(within(first).getByText('1 attempt')).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime(welcome.sentAt ?? '', 'en'))).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime(welcome.createdAt, 'en'))).toBeInTheDocument();
    expect(formatDateTime(welcome.createdAt, 'en')).toMatch(/13:30/); // Europe/Tallinn, summer time
    expect(within(first).getByRole('button', { name: 'Send again: Tere tulemast, Mari Maasikas! (mari@example.ee)' })).toBeInTheDocument();

    expect(within(second).getByText('Document requested')).toBeInTheDocument();
    expect(within(second).getByText('English')).toBeInTheDocument();
    expect(within(second).getByTestId('email-status')).toHaveTextContent('Failed');
    expect(within(second).getByText('8 attempts')).toBeInTheDocument();
    expect(within(second).getByTestId('email-last-error')).toHaveTextContent('SMTP 554: mailbox unavailable');
    expect(within(second).getByRole('button', { name: /^Send again/ })).toBeInTheDocument();

    expect(within(third).getByTestId('email-status')).toHaveTextContent('Queued');
    expect(within(third).queryByRole('button', { name: /^Send again/ })).not.toBeInTheDocument();
    expect(screen.getByText('1–3 of 120')).toBeInTheDocument();
  });

  it('filters by status from the URL and writes a new filter back', async () => {
    const user = userEvent.setup();
    const fetchMock = emails([failed]);
    const { router } = renderAt(<EmailsTab />, '/admin?tab=emails&status=failed');
    await screen.findByText('A document is requested');
    expect(callsTo(fetchMock, 'GET', EMAILS)[0].query).toMatchObject({ status: 'failed' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Sent' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('sent'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', EMAILS).at(-1)?.query).toMatchObject({ status: 'sent' }));
  });

  it('sends a failed e-mail again: POST, a toast, and the row shows it queued', async () => {
    const user = userEvent.setup();
    let answered = false;
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === EMAILS) return pageResponse([answered ? { ...failed, status: 'queued', attempts: 0, lastError: null } : failed]);
      if (url.pathname === `${EMAILS}/6/resend` && init?.method === 'POST') {
        answered = true;
        return json(200, { ...failed, status: 'queued', attempts: 0, lastError: null });
      }
      return undefined;
    });
    renderAt(<EmailsTab />, '/admin?tab=emails');
    const row = await screen.findByTestId('email-row');
    await user.click(within(row).getByRole('button', { name: /^Send again/ }));

    expect(await screen.findByText('The e-mail is queued to be sent')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${EMAILS}/6/resend`)).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByTestId('email-row')).getByTestId('email-status')).toHaveTextContent('Queued'));
    expect(within(screen.getByTestId('email-row')).queryByTestId('email-last-error')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('email-row')).queryByRole('button', { name: /^Send again/ })).not.toBeInTheDocument();
  });

  it('says so in our words when the e-mail is already waiting (409 email_already_queued)', async () => {
    const user = userEvent.setup();
    emails([welcome], 1, () => json(409, { message: 'This e-mail is already waiting to be sent', code: 'email_already_queued', fields: {} }));
    renderAt(<EmailsTab />, '/admin?tab=emails');
    const row = await screen.findByTestId('email-row');
    await user.click(within(row).getByRole('button', { name: /^Send again/ }));

    expect(await screen.findByText('Could not send the e-mail again')).toBeInTheDocument();
    expect(screen.getByText('This e-mail is already waiting to be sent.')).toBeInTheDocument();
  });

  it('shows an empty state when nothing was sent yet', async () => {
    emails([]);
    renderAt(<EmailsTab />, '/admin?tab=emails');
    expect(await screen.findByText('No e-mails yet')).toBeInTheDocument();
  });
});
