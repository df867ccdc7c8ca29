import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { ApplicationDetail } from '@/types/api';
import { APPLICATIONS_URL } from './get-applications';

/** GET /api/admin/applications/{id}: the application with its status history (newest first) and company. */
export function getApplication(id: string | number, signal?: AbortSignal): Promise<ApplicationDetail> {
  return getJson<ApplicationDetail>(`${APPLICATIONS_URL}/${id}`, signal);
}

/** The query key is the URL (spec §7). */
export function applicationQueryOptions(id: string | number) {
  return queryOptions({ queryKey: [`${APPLICATIONS_URL}/${id}`], queryFn: ({ signal }) => getApplication(id, signal) });
}

export function useApplicationDetail(id: string) {
  return useQuery(applicationQueryOptions(id));
}
