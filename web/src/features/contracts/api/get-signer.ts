import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { Profile } from '@/types/api';

const URL = '/api/profile';

/** GET /api/profile: who signs (their full name and ID code), shown read-only in the sign dialog (issue 13). */
export function getSigner(signal?: AbortSignal): Promise<Profile> {
  return getJson<Profile>(URL, signal);
}

/** The query key is the URL, so the dashboard's profile and the sign dialog share one cached answer. */
export function signerQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getSigner(signal) });
}

export function useSigner() {
  return useQuery(signerQueryOptions());
}
