import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { Payment } from '@/types/api';
import { APPLICATIONS_URL } from './get-applications';

/**
 * GET /api/admin/applications/{id}/payments: the application's payments from payroll (issue 23), which makes
 * them from applications' events a moment after a company is assigned, so every visit asks again.
 */
export function useApplicationPayments(id: string, enabled: boolean) {
  const url = `${APPLICATIONS_URL}/${id}/payments`;
  return useQuery({ queryKey: [url], queryFn: ({ signal }) => getJson<Payment[]>(url, signal), enabled, staleTime: 0 });
}
