import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import type { User } from '@/types/api';

const URL = '/api/user';
/** The query key is the URL (spec §7). */
export const USER_QUERY_KEY = [URL] as const;

/** GET /api/user: the signed-in user, or null when signed out (a 401 here is not an error, spec §7). */
export async function getUser(signal?: AbortSignal): Promise<User | null> {
  const res = await fetch(URL, { credentials: 'include', signal });
  if (res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as User;
}

export function userQueryOptions() {
  return queryOptions({ queryKey: USER_QUERY_KEY, queryFn: ({ signal }) => getUser(signal) });
}

/** The signed-in user, or null when signed out. */
export function useUser() {
  const query = useQuery(userQueryOptions());
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

/**
 * Where a signed-in user belongs: admins to /admin, everyone else to /dashboard (spec §4); an admin whose session
 * has not passed the second factor to its enrolment first (issue 15).
 */
export function homePathFor(
  user: Pick<User, 'role' | 'secondFactorPassed'>,
): '/admin' | '/dashboard' | typeof SECOND_FACTOR_PATH {
  if (user.role !== 'admin') return '/dashboard';
  return user.secondFactorPassed ? '/admin' : SECOND_FACTOR_PATH;
}

/** The second factor's enrolment page (issue 15). */
export const SECOND_FACTOR_PATH = '/second-factor';

/** An admin who must pass (or set up) the second factor before any admin page. */
export function needsSecondFactor(user: Pick<User, 'role' | 'secondFactorPassed'>): boolean {
  return user.role === 'admin' && !user.secondFactorPassed;
}
