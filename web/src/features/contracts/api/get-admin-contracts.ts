import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { AdminContract } from '@/types/api';

const URL = '/api/admin/contracts';

/** GET /api/admin/contracts: every contract with who made it and whom it is for. */
export function getAdminContracts(signal?: AbortSignal): Promise<AdminContract[]> {
  return getJson<AdminContract[]>(URL, signal);
}

export function adminContractsQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getAdminContracts(signal) });
}

export function useAdminContracts() {
  return useQuery(adminContractsQueryOptions());
}
