import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import type { Payment } from '@/types/api';
import { payment, payoutDetails } from '../test-fixtures';
import { PaymentsTab } from './PaymentsTab';

const SCHEDULE: Payment[] = [
  payment({ status: 'paid', paidAt: '2026-10-08T10:00:00Z', payslipUrl: '/api/payments/41/payslip' }),
  payment({
    id: 42, sequence: 2,
    period: { start: '2026-11-01', end: '2026-11-30' },
    dueDate: '2026-11-30',
    status: 'failed',
    failureReason: 'Account closed',
  }),
  payment({ id: 43, sequence: 3, period: { start: '2026-12-01', end: '2026-12-31' }, dueDate: '2026-12-31', status: 'in_run' }),
  payment({
    id: 44, sequence: 4,
    period: { start: '2027-01-01', end: '2027-01-31' },
    dueDate: '2027-01-29',
    pension: '0.00',
    incomeTax: '110.00',
    net: '390.00',
  }),
  payment({ id: 45, sequence: 5, period: { start: '2027-02-01', end: '2027-02-28' }, dueDate: '2027-02-26', status: 'cancelled' }),
];

function stub(payments: Payment[]) {
  return stubApi({
    'GET /api/payments': () => jsonResponse(200, payments),
    'GET /api/payout-details': () => jsonResponse(200, payoutDetails),
  });
}

function rowText(row: HTMLElement) {
  return row.textContent?.replace(/\s+/g, ' ') ?? '';
}

describe('Payments tab schedule (issue 23)', () => {
  it('shows each payment with period, due date, gross, withholdings, net and status; a payslip once paid', async () => {
    stub(SCHEDULE);
    renderWithProviders(<PaymentsTab />, { user: applicant });

    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(5);
    const [paid, failed, inRun, scheduled, cancelled] = rows;
    expect(within(paid).getByText('01/10/2026 – 31/10/2026')).toBeInTheDocument();
    expect(within(paid).getByText('8 October 2026')).toBeInTheDocument();
    expect(rowText(paid)).toContain('€500.00');
    expect(rowText(paid)).toContain('Funded pension€10.00');
    expect(rowText(paid)).toContain('Income tax€0.00');
    expect(within(paid).getByTestId('payment-net')).toHaveTextContent('€490.00');
    expect(within(paid).getByTestId('payment-status')).toHaveTextContent('Paid');
    expect(within(paid).getByText('Paid 8 October 2026')).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: 'Payslip of the payment due 8 October 2026 (PDF)' })).toHaveAttribute(
      'href',
      '/api/payments/41/payslip?lang=en',
    );

    expect(within(failed).getByTestId('payment-status')).toHaveTextContent('Failed');
    expect(within(failed).getByTestId('payment-failure')).toHaveTextContent('Account closed');
    expect(within(inRun).getByTestId('payment-status')).toHaveTextContent('Being paid');
    expect(within(scheduled).getByTestId('payment-status')).toHaveTextContent('Scheduled');
    expect(within(scheduled).getByTestId('payment-net')).toHaveTextContent('€390.00');
    expect(rowText(scheduled)).toContain('Income tax€110.00');
    expect(within(cancelled).getByTestId('payment-status')).toHaveTextContent('Cancelled');
    for (const row of [failed, inRun, scheduled, cancelled]) expect(within(row).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows money and dates the Estonian way, and the health insurance notice in Estonian', async () => {
    await i18n.changeLanguage('et');
    stub([payment()]);
    renderWithProviders(<PaymentsTab />, { user: applicant });

    const row = await screen.findByTestId('payment-row');
    expect(within(row).getByTestId('payment-net')).toHaveTextContent(/^490,00\s€$/);
    expect(within(row).getByText('8. oktoober 2026')).toBeInTheDocument();
    expect(within(row).getByTestId('payment-status')).toHaveTextContent('Planeeritud');
    expect(screen.getByTestId('health-insurance')).toHaveTextContent(
      /500-eurone juhatuse liikme tasu kuus ei anna Eestis iseenesest ravikindlustust/,
    );
  });

  it('says plainly in English that the fee gives no health insurance', async () => {
    stub([]);
    renderWithProviders(<PaymentsTab />, { user: applicant });
    expect(await screen.findByRole('heading', { name: 'This fee does not give you health insurance' })).toBeInTheDocument();
    expect(screen.getByTestId('health-insurance')).toHaveTextContent(/social tax paid on it is below the monthly minimum/);
  });

  it('explains that payments appear once a company is assigned', async () => {
    stub([]);
    renderWithProviders(<PaymentsTab />, { user: applicant });
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    expect(screen.getByText(/appear here once a company is assigned to you/)).toBeInTheDocument();
    expect(screen.queryByTestId('payment-row')).not.toBeInTheDocument();
  });

  it('shows an error when the payments cannot be loaded', async () => {
    stubApi({
      'GET /api/payments': () => jsonResponse(500, { message: 'boom', code: 'internal' }),
      'GET /api/payout-details': () => jsonResponse(200, payoutDetails),
    });
    renderWithProviders(<PaymentsTab />, { user: applicant });
    expect(await screen.findByText('Could not load your payments')).toBeInTheDocument();
  });
});

describe('amounts in the texts are written like those in the table (issue 37)', () => {
  it.each([
    ['en', 'Six monthly payments of €500.00 gross.', 'A board member fee of €500.00 a month'],
    ['et', 'Kuus igakuist makset, igaüks 500,00 € bruto.', '500-eurone juhatuse liikme tasu'],
  ])('%s', async (language, schedule, insurance) => {
    await i18n.changeLanguage(language);
    stub(SCHEDULE);
    renderWithProviders(<PaymentsTab />, { user: applicant });
    await screen.findAllByTestId('payment-row');
    expect(screen.getByText((text) => text.replace(/\s/g, ' ').startsWith(schedule.replace(/\s/g, ' ')))).toBeInTheDocument();
    expect(screen.getByTestId('health-insurance')).toHaveTextContent(insurance);
    expect(document.body.textContent).not.toMatch(/\b500 €/);
  });
});
