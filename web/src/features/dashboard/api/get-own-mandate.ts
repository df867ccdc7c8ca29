import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';
import type { Mandate } from '@/types/api';

export const OWN_MANDATE_URL = '/api/mandate';

/** GET /api/mandate (issue 36): the applicant's board mandate, or null while no company is assigned (404). */
export async function getOwnMandate(signal?: AbortSignal): Promise<Mandate | null> {
  try {
    return await getJson<Mandate>(OWN_MANDATE_URL, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useOwnMandate(enabled: boolean) {
  // The admins record the register's dates whenever the register has them: ask on each visit.
  return useQuery({ queryKey: [OWN_MANDATE_URL], queryFn: ({ signal }) => getOwnMandate(signal), enabled, staleTime: 0 });
}
