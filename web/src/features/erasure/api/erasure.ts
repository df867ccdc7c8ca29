import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQueryOptions } from '@/hooks/use-list-params';
import { ApiError, apiJson } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';
import type { IdentitySchemas } from '@/types/api';

/** The applicant's own erasure request (issue 16, Erasure (Art. 17) and retention). */
export type OwnErasureRequest = IdentitySchemas['OwnErasureRequestOut'];
/** A request as admins see it: whose it is, too. */
export type ErasureRequest = IdentitySchemas['ErasureRequestOut'];
export type ErasureStatus = ErasureRequest['status'];

export const OWN_ERASURE_URL = '/api/privacy/erasure';
export const ADMIN_ERASURE_URL = '/api/admin/erasure-requests';
export const ERASURE_STATUSES = ['pending', 'approved', 'refused', 'completed'] as const satisfies readonly ErasureStatus[];
export const ERASURE_SORTS = ['requestedAt', 'dueDate', 'status'] as const;
/** What the reason may hold (the service's limit). */
export const REASON_MAX_LENGTH = 1000;

/** GET /api/privacy/erasure: the caller's latest request, or null when they have made none (404). */
async function getOwnErasure(signal?: AbortSignal): Promise<OwnErasureRequest | null> {
  try {
    return await getJson<OwnErasureRequest>(OWN_ERASURE_URL, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function ownErasureQueryOptions() {
  return queryOptions({ queryKey: [OWN_ERASURE_URL], queryFn: ({ signal }) => getOwnErasure(signal) });
}

export function useOwnErasure() {
  return useQuery(ownErasureQueryOptions());
}

/** POST /api/privacy/erasure {reason} → 202 with the request; 409 `erasure_already_requested` while one is open. */
export function useRequestErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiJson<OwnErasureRequest>('POST', OWN_ERASURE_URL, { reason }),
    onSuccess: (request) => queryClient.setQueryData([OWN_ERASURE_URL], request),
    onError: () => queryClient.invalidateQueries({ queryKey: [OWN_ERASURE_URL] }),
  });
}

/** GET /api/admin/erasure-requests?status=&sort=&order=&limit=&offset=: one page and X-Total-Count. */
export function erasureRequestsPageOptions(query: URLSearchParams) {
  return listQueryOptions<ErasureRequest>(ADMIN_ERASURE_URL, query);
}

function isErasureListQuery({ queryKey }: { queryKey: readonly unknown[] }): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && (url === ADMIN_ERASURE_URL || url.startsWith(`${ADMIN_ERASURE_URL}?`));
}

export type ErasureDecision = { action: 'approve'; id: string } | { action: 'refuse'; id: string; reason: string };

/**
 * POST /api/admin/erasure-requests/{id}/approve, or .../refuse {reason}: the decided request; 409
 * `erasure_not_pending` when someone decided it first. Every page of the list is asked again.
 */
export function useDecideErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ErasureDecision) =>
      apiJson<ErasureRequest>(
        'POST',
        `${ADMIN_ERASURE_URL}/${encodeURIComponent(decision.id)}/${decision.action}`,
        decision.action === 'refuse' ? { reason: decision.reason } : undefined,
      ),
    onSettled: () => queryClient.invalidateQueries({ predicate: isErasureListQuery }),
  });
}
