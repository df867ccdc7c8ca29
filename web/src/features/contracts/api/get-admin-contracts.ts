import { listQueryOptions } from '@/hooks/use-list-params';
import type { AdminContract } from '@/types/api';

export const ADMIN_CONTRACTS_URL = '/api/admin/contracts';

/** The admin list's sorts and status filters (issue 17); `awaiting` is pending or sent and not past its expiry. */
export const CONTRACT_SORTS = ['createdAt', 'title', 'status', 'expiresAt', 'signedAt'] as const;
export const CONTRACT_FILTERS = ['awaiting', 'pending', 'sent', 'signed', 'expired', 'cancelled'] as const;

/** GET /api/admin/contracts?q=&status=&userId=&sort=&order=&limit=&offset=: one page and X-Total-Count. */
export function adminContractsPageOptions(query: URLSearchParams) {
  return listQueryOptions<AdminContract>(ADMIN_CONTRACTS_URL, query);
}

/**
 * Every query of the admin list: each page, search and filter, an applicant's file and the overview's count,
 * whose keys all start with the list's URL.
 */
export function isAdminContractsQuery({ queryKey }: { queryKey: readonly unknown[] }): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && (url === ADMIN_CONTRACTS_URL || url.startsWith(`${ADMIN_CONTRACTS_URL}?`));
}
