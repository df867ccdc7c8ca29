import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { Contract } from '@/types/api';

const URL = '/api/contracts';

/** GET /api/contracts: the signed-in applicant's contracts, newest first (expiry is computed by the server). */
export function getContracts(signal?: AbortSignal): Promise<Contract[]> {
  return getJson<Contract[]>(URL, signal);
}

/** The query key is the URL (spec §7). */
export function contractsQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getContracts(signal) });
}

export function useOwnContracts() {
  return useQuery(contractsQueryOptions());
}
