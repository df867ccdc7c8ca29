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

/** Where a signed-in user belongs: admins to /admin, everyone else to /dashboard (spec §4). */
export function homePathFor(user: Pick<User, 'role'>): '/admin' | '/dashboard' {
  return user.role === 'admin' ? '/admin' : '/dashboard';
}
