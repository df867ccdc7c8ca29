import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { Payment } from '@/types/api';

const URL = '/api/payments';

/** GET /api/payments: the applicant's own payments from payroll, which owns the schedule (issue 23). */
export function ownPaymentsQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getJson<Payment[]>(URL, signal) });
}

export function useOwnPayments() {
  // Payroll makes the schedule from applications' events a moment after a company is assigned: ask on each visit.
  return useQuery({ ...ownPaymentsQueryOptions(), staleTime: 0 });
}
