import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import i18n from '@/test/i18n';
import { callsTo, json, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import type { ErasureRequest } from '../api/erasure';
import { erasureRequest } from '../test-fixtures';
import { ErasureRequestsTab } from './ErasureRequestsTab';

const LIST = '/api/admin/erasure-requests';
const mari = erasureRequest();
const jaan = erasureRequest({
  id: '0b7e7a40-3c56-4d2e-8f3a-5c0f2b9e6d11',
  userId: 8,
  fullName: 'Jaan Tamm',
  email: 'jaan@example.ee',
  reason: 'Moving abroad',
  status: 'refused',
  dueDate: '2020-01-31',
  decidedAt: '2020-01-10T10:00:00Z',
  decisionReason: 'Contract still running',
});
const late = erasureRequest({ id: 'a1d1c0de-0000-4000-8000-000000000001', fullName: 'Kati Kask', dueDate: '2020-02-01' });

function api(rows: ErasureRequest[], answers: Record<string, (body: unknown) => Response> = {}) {
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const answer = answers[`${method} ${url.pathname}`];
    if (answer) return answer(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
    if (method === 'GET' && url.pathname === LIST) return pageResponse([...rows]);
    return undefined;
  });
}

function row(name: string) {
  const found = screen.getAllByTestId('erasure-request-row').find((element) => within(element).queryByText(name));
  if (!found) throw new Error(`no row of ${name}`);
  return found;
}

describe('admin "Erasure requests" tab (issue 16, Erasure (Art. 17))', { timeout: 20_000 }, () => {
  it('lists the requests: person, reason, when asked (Tallinn), due date, status and decision; a filter by status', async () => {
    const user = userEvent.setup();
    const fetchMock = api([mari, jaan, late]);
    const { router } = renderAt(<ErasureRequestsTab />, '/admin?tab=erasure');
    await screen.findByText('Moving abroad');
    expect(callsTo(fetchMock, 'GET', LIST)[0].query).toEqual({ sort: 'requestedAt', order: 'desc', limit: '50', offset: '0' });

    const pending = row('Mari Maasikas');
    expect(within(pending).getByText('mari@example.ee')).toBeInTheDocument();
    expect(within(pending).getByText('I no longer want to apply')).toBeInTheDocument();
    expect(within(pending).getByText(formatDateTime(mari.requestedAt, 'en'))).toBeInTheDocument();
    expect(within(pending).getByTestId('erasure-due')).toHaveTextContent('2 July 2026');
    expect(within(pending).getByTestId('erasure-request-status')).toHaveTextContent('Waiting for a decision');
    expect(within(pending).getByRole('button', { name: 'Approve the erasure request of Mari Maasikas' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Refuse the erasure request of Mari Maasikas' })).toBeInTheDocument();

    const refused = row('Jaan Tamm');
    expect(within(refused).getByTestId('erasure-request-status')).toHaveTextContent('Refused');
    expect(within(refused).getByText('Contract still running')).toBeInTheDocument();
    expect(within(refused).queryByRole('button')).not.toBeInTheDocument();
    expect(within(refused).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(row('Kati Kask')).getByText('Overdue')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting for a decision' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=pending'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', LIST).at(-1)?.query.status).toBe('pending'));
  });

  it('approves only after a confirmation that says what it does', async () => {
    const user = userEvent.setup();
    const rows = [mari];
    const fetchMock = api(rows, {
      [`POST ${LIST}/${mari.id}/approve`]: () => {
        rows[0] = { ...mari, status: 'approved', decidedAt: '2026-06-05T10:00:00Z' };
        return json(200, rows[0]);
      },
    });
    renderAt(<ErasureRequestsTab />, '/admin?tab=erasure');
    await user.click(await screen.findByRole('button', { name: 'Approve the erasure request of Mari Maasikas' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this erasure?' });
    expect(dialog).toHaveTextContent('Mari Maasikas (mari@example.ee) is erased in every service');
    expect(dialog).toHaveTextContent('can no longer sign in');
    expect(callsTo(fetchMock, 'POST', `${LIST}/${mari.id}/approve`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Approve and erase' }));
    expect(await screen.findByText('Erasure approved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${LIST}/${mari.id}/approve`)).toHaveLength(1);
    await waitFor(() => expect(within(row('Mari Maasikas')).getByTestId('erasure-request-status')).toHaveTextContent('Approved'));
  });

  it('refuses with a reason, which is required; a request decided meanwhile is said so', async () => {
    const user = userEvent.setup();
    const fetchMock = api([mari], {
      [`POST ${LIST}/${mari.id}/refuse`]: () =>
        json(409, { message: 'This request has already been decided', code: 'erasure_not_pending', fields: {} }),
    });
    renderAt(<ErasureRequestsTab />, '/admin?tab=erasure');
    await user.click(await screen.findByRole('button', { name: 'Refuse the erasure request of Mari Maasikas' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refuse this erasure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${LIST}/${mari.id}/refuse`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason for the refusal'), 'Contract still running');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Could not refuse the erasure')).toBeInTheDocument();
    expect(screen.getByText('This request has already been decided.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${LIST}/${mari.id}/refuse`)).toEqual([{ query: {}, body: { reason: 'Contract still running' } }]);
  });

  it('has empty, no-match and error states, in Estonian too', async () => {
    await i18n.changeLanguage('et');
    api([]);
    renderAt(<ErasureRequestsTab />, '/admin?tab=erasure');
    expect(await screen.findByText('Kustutamistaotlusi pole')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kustutamistaotlused' })).toBeInTheDocument();
  });

  it('says when nothing matches the filter, and when the list fails', async () => {
    api([]);
    renderAt(<ErasureRequestsTab />, '/admin?tab=erasure&status=completed');
    expect(await screen.findByText('No matching requests')).toBeInTheDocument();

    stubFetch(() => json(500, { message: 'Database down', code: 'internal', fields: {} }));
    renderAt(<ErasureRequestsTab />, '/admin?tab=erasure&status=pending');
    expect(await screen.findByText('Could not load the erasure requests')).toBeInTheDocument();
  });
});
