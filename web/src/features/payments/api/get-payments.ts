import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { Payment, PaymentStatus } from '@/types/api';

export const PAYMENTS_URL = '/api/payments';
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['scheduled', 'in_run', 'paid', 'failed', 'cancelled'];

/**
 * GET /api/payments: the applicant's six payments with their withholdings and status (issue 23). Payroll makes
 * them from applications' events a moment after a company is assigned, and pay runs change them: each visit asks.
 */
export function useOwnPayments() {
  return useQuery({ queryKey: [PAYMENTS_URL], queryFn: ({ signal }) => getJson<Payment[]>(PAYMENTS_URL, signal), staleTime: 0 });
}

/** The payslip PDF of a paid payment in the language the page is read in, or null before it is paid. */
export function payslipHref(payment: Pick<Payment, 'payslipUrl'>, language: string): string | null {
  if (!payment.payslipUrl) return null;
  const url = new URL(payment.payslipUrl, window.location.origin);
  url.searchParams.set('lang', language);
  return `${url.pathname}${url.search}`;
}
