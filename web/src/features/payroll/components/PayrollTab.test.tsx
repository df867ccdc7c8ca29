import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { callsTo, json, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import type { PayRun } from '@/types/api';
import { payRun, summary } from '../test-fixtures';
import { PayrollTab } from './PayrollTab';

const RUNS = '/api/admin/pay-runs';
const RUN = `${RUNS}/3`;

/** A payroll backend for one run that changes like the real one. */
function backend(initial: PayRun = payRun(), answers: Record<string, () => Response> = {}) {
  let run = initial;
  const fetchMock = stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const answer = answers[`${method} ${url.pathname}`];
    if (answer) return answer();
    if (method === 'GET' && url.pathname === RUNS) return pageResponse(run.status === 'cancelled' ? [] : [summary(run)], 41);
    if (method === 'GET' && url.pathname === RUN) return json(200, run);
    if (method === 'POST' && url.pathname === RUNS) return json(201, run);
    if (method === 'POST' && url.pathname === `${RUN}/approve`) {
      run = { ...run, status: 'approved', approvedAt: '2026-11-25T09:00:00Z' };
      return json(200, run);
    }
    if (method === 'POST' && url.pathname === `${RUN}/paid`) {
      run = { ...run, status: 'paid', paidAt: '2026-11-30T10:00:00Z', executionDate: '2026-11-30' };
      return json(200, run);
    }
    if (method === 'POST' && url.pathname === `${RUN}/lines/101/failed`) {
      run = { ...run, lines: run.lines.map((l) => (l.id === 101 ? { ...l, status: 'failed', reason: 'Account closed' } : l)) };
      return json(200, run);
    }
    if (method === 'DELETE' && url.pathname === RUN) {
      run = { ...run, status: 'cancelled' };
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return fetchMock;
}

describe('admin Payroll tab (issue 23, "The pay run (admin)")', () => {
  it('lists the runs one server page at a time and opens one', async () => {
    const user = userEvent.setup();
    const fetchMock = backend();
    const { router } = renderAt(<PayrollTab />, '/admin?tab=payroll');

    const row = await screen.findByTestId('pay-run-row');
    expect(callsTo(fetchMock, 'GET', RUNS)[0].query).toMatchObject({ limit: '20', offset: '0' });
    expect(within(row).getByText('Pay run of 30 November 2026')).toBeInTheDocument();
    expect(within(row).getByTestId('run-status')).toHaveTextContent('Draft');
    expect(within(row).getByText('2 lines')).toBeInTheDocument();
    expect(within(row).getByText('1 blocked')).toBeInTheDocument();
    expect(within(row).getByText('€490.00')).toBeInTheDocument();
    expect(screen.getByText('1–1 of 41')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Open the pay run of 30 November 2026' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=payroll&run=3'));
    expect(await screen.findByRole('heading', { name: 'Pay run of 30 November 2026' })).toBeInTheDocument();
  });

  it("shows a run's lines with withholdings, totals, and the blocked line with its reason", async () => {
    backend();
    renderAt(<PayrollTab />, '/admin?tab=payroll&run=3');

    const [ready, blocked] = await screen.findAllByTestId('pay-run-line');
    expect(within(ready).getByText('Mari Maasikas')).toBeInTheDocument();
    expect(within(ready).getByText('EE38 **** **** **** 5685')).toBeInTheDocument();
    expect(within(ready).getByTestId('line-status')).toHaveTextContent('To be paid');
    expect(ready.textContent?.replace(/\s+/g, ' ')).toContain('Funded pension€10.00');
    expect(within(ready).getByText('€165.00')).toBeInTheDocument();
    expect(within(blocked).getByTestId('line-status')).toHaveTextContent('Blocked');
    expect(within(blocked).getByTestId('line-reason')).toHaveTextContent('No bank account');
    expect(within(blocked).getByText('€390.00')).toBeInTheDocument();

    expect(screen.getByTestId('total-lines')).toHaveTextContent('2');
    expect(screen.getByTestId('total-net')).toHaveTextContent('€490.00');
    expect(screen.getByTestId('blocked-note')).toHaveTextContent('1 line is blocked and will not be paid or exported');
    // A draft is approved or deleted; its files wait for the approval.
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'SEPA payment file' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark the payment of/ })).not.toBeInTheDocument();
  });

  it('shows money and dates the Estonian way', async () => {
    await i18n.changeLanguage('et');
    backend();
    renderAt(<PayrollTab />, '/admin?tab=payroll&run=3');
    expect(await screen.findByRole('heading', { name: 'Väljamakse 30. november 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('total-net')).toHaveTextContent(/^490,00\s€$/);
  });

  it('creates a run: the 422 about the pay date shows under the field, then the new draft opens', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const fetchMock = backend(payRun(), {
      [`POST ${RUNS}`]: () =>
        refuse
          ? json(422, {
              message: 'The pay date must be a banking day',
              code: 'validation_error',
              fields: { payDate: 'The pay date must be a banking day' },
              fieldCodes: { payDate: 'not_a_banking_day' },
            })
          : json(201, payRun()),
    });
    const { router } = renderAt(<PayrollTab />, '/admin?tab=payroll');
    await screen.findByTestId('pay-run-row');

    await user.click(screen.getByRole('button', { name: 'New pay run' }));
    const dialog = await screen.findByRole('dialog', { name: 'New pay run' });
    const payDate = within(dialog).getByLabelText('Pay date');
    await user.clear(payDate);
    await user.type(payDate, '2026-11-28');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));

    await waitFor(() => expect(payDate).toHaveAttribute('aria-invalid', 'true'));
    expect(payDate).toHaveAccessibleDescription(/banking day/i);
    expect(callsTo(fetchMock, 'POST', RUNS)[0].body).toEqual({ payDate: '2026-11-28' });

    refuse = false;
    await user.clear(payDate);
    await user.type(payDate, '2026-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=payroll&run=3'));
    expect(callsTo(fetchMock, 'POST', RUNS)[1].body).toEqual({ payDate: '2026-11-30' });
    expect(await screen.findByText('Draft pay run created')).toBeInTheDocument();
  });

  it('approves after confirming, then offers the SEPA and TSD files and marks the run paid', async () => {
    const user = userEvent.setup();
    const fetchMock = backend();
    renderAt(<PayrollTab />, '/admin?tab=payroll&run=3');

    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve this pay run?' });
    expect(confirm).toHaveTextContent('with 1 payable lines');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Pay run approved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${RUN}/approve`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('run-status')).toHaveTextContent('Approved'));
    expect(screen.getByRole('link', { name: 'SEPA payment file' })).toHaveAttribute('href', `${RUN}/sepa`);
    expect(screen.getByRole('link', { name: 'TSD annex 1 (CSV)' })).toHaveAttribute('href', `${RUN}/tsd`);
    expect(screen.queryByRole('button', { name: 'Delete draft' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the pay run paid' });
    const date = within(dialog).getByLabelText('Execution date');
    await user.clear(date);
    await user.type(date, '2026-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

    expect(await screen.findByText('Pay run marked paid')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${RUN}/paid`)[0].body).toEqual({ executionDate: '2026-11-30' });
    await waitFor(() => expect(screen.getByTestId('run-status')).toHaveTextContent('Paid'));
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
  });

  it('marks a line failed with a reason', async () => {
    const user = userEvent.setup();
    const fetchMock = backend(payRun({ status: 'approved', approvedAt: '2026-11-25T09:00:00Z' }));
    renderAt(<PayrollTab />, '/admin?tab=payroll&run=3');

    await user.click(await screen.findByRole('button', { name: 'Mark the payment of Mari Maasikas failed' }));
    expect(screen.queryByRole('button', { name: 'Mark the payment of Jaan Tamm failed' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Mark this payment failed' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Account closed');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));

    expect(await screen.findByText('Payment marked failed')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${RUN}/lines/101/failed`)[0].body).toEqual({ reason: 'Account closed' });
    const [failed] = screen.getAllByTestId('pay-run-line');
    await waitFor(() => expect(within(failed).getByTestId('line-status')).toHaveTextContent('Failed'));
    expect(within(failed).getByTestId('line-reason')).toHaveTextContent('Account closed');
  });

  it('deletes a draft after confirming and goes back to the list', async () => {
    const user = userEvent.setup();
    const fetchMock = backend();
    const { router } = renderAt(<PayrollTab />, '/admin?tab=payroll&run=3');

    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this draft?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete draft' }));

    await waitFor(() => expect(router.state.location.search).toBe('?tab=payroll'));
    expect(callsTo(fetchMock, 'DELETE', RUN)).toHaveLength(1);
    expect(await screen.findByText('No pay runs yet')).toBeInTheDocument();
  });

  it('says when there are no runs yet', async () => {
    stubFetch((url) => (url.pathname === RUNS ? pageResponse([]) : undefined));
    renderAt(<PayrollTab />, '/admin?tab=payroll');
    expect(await screen.findByText('No pay runs yet')).toBeInTheDocument();
  });

  it('says when a run cannot be loaded', async () => {
    stubFetch(() => undefined);
    renderAt(<PayrollTab />, '/admin?tab=payroll&run=9');
    expect(await screen.findByText('Could not load the pay run')).toBeInTheDocument();
  });
});
