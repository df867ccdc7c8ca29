import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { ShelfCompany } from '@/types/api';

export const COMPANIES_URL = '/api/admin/companies';

/** GET /api/admin/companies: the shelf companies and whom each is assigned to. */
export function getCompanies(signal?: AbortSignal): Promise<ShelfCompany[]> {
  return getJson<ShelfCompany[]>(COMPANIES_URL, signal);
}

/** The query key is the URL (spec §7). */
export function companiesQueryOptions() {
  return queryOptions({ queryKey: [COMPANIES_URL], queryFn: ({ signal }) => getCompanies(signal) });
}

export function useCompanies(enabled = true) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}
