import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/query-client';
import type { User } from '@/types/api';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** The signed-in user, or null when signed out (GET /api/user answering 401 is not an error, spec §7). */
export function useUser() {
  const query = useQuery<User | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

/** Where a signed-in user belongs: admins to /admin, everyone else to /dashboard (spec §4). */
export function homePathFor(user: Pick<User, 'role'>): '/admin' | '/dashboard' {
  return user.role === 'admin' ? '/admin' : '/dashboard';
}
