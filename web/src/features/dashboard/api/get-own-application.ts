import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { OwnApplication } from '@/types/api';

const URL = '/api/application';

/** GET /api/application: the applicant's own application, its status updates and company (spec §7). */
export function getOwnApplication(signal?: AbortSignal): Promise<OwnApplication> {
  return getJson<OwnApplication>(URL, signal);
}

/** The query key is the URL (spec §7). */
export function ownApplicationQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getOwnApplication(signal) });
}

export function useOwnApplication() {
  return useQuery(ownApplicationQueryOptions());
}
