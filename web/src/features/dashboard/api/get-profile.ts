import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { Profile } from '@/types/api';

const URL = '/api/profile';

/** GET /api/profile: the signed-in user's profile; a 401 is an error here, not a redirect (spec §7). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return getJson<Profile>(URL, signal);
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
