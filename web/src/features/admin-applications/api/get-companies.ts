import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { listQueryOptions } from '@/hooks/use-list-params';
import { apiGetPage } from '@/lib/api-client';
import type { ShelfCompany } from '@/types/api';

export const COMPANIES_URL = '/api/admin/companies';
export const COMPANIES_PAGE_SIZE = 20;
export const COMPANY_SORTS = ['createdAt', 'name', 'registrationDate'] as const;
export const COMPANY_STATUSES = ['available', 'assigned', 'transferred'] as const;
/** The companies an application can be given, A to Z: the server's largest page. */
export const AVAILABLE_COMPANIES_URL = `${COMPANIES_URL}?status=available&sort=name&order=asc&limit=200`;

/** GET /api/admin/companies?q=&status=&sort=&order=&limit=&offset= (issue 17): one page and the total. */
export function companiesPageOptions(query: URLSearchParams) {
  return listQueryOptions<ShelfCompany>(COMPANIES_URL, query);
}

export function availableCompaniesQueryOptions() {
  return queryOptions({
    queryKey: [AVAILABLE_COMPANIES_URL],
    queryFn: async ({ signal }) => (await apiGetPage<ShelfCompany>(AVAILABLE_COMPANIES_URL, signal)).items,
  });
}

export function useAvailableCompanies() {
  return useQuery(availableCompaniesQueryOptions());
}

/** Every companies query (each page, the available ones) after a change. */
export function invalidateCompanies(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(COMPANIES_URL) });
}
