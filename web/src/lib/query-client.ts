import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { ApiError, throwIfResNotOk } from './api-client';

/** The query key is the URL (spec §7); extra segments are joined with '/'. */
export function queryKeyToUrl(queryKey: QueryKey): string {
  return queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/');
}

/**
 * GET a URL with the session cookie (spec §7) and read its JSON answer as `T`, the body type the service's
 * OpenAPI document gives for it (src/types/api.ts); any non-OK status throws an ApiError.
 */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** Defaults per spec §7: GET the key, never retry, never refetch on focus, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn<unknown>({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export { ApiError };
