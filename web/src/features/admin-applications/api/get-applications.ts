import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import type { ApplicationListItem, ApplicationStatus } from '@/types/api';
import { COMPANIES_URL } from './get-companies';

export const APPLICATIONS_URL = '/api/admin/applications';
export const PAGE_SIZE = 20;

export interface ListParams {
  search: string;
  status: ApplicationStatus | 'all';
  offset: number;
}

export interface ApplicationsPage {
  items: ApplicationListItem[];
  /** All matches before limit/offset (the X-Total-Count header). */
  total: number;
}

/** The list URL, which is also its query key (spec §7: the key is the URL). */
export function applicationsListUrl({ search, status, offset }: ListParams): string {
  const params = new URLSearchParams();
  const term = search.trim();
  if (term) params.set('search', term);
  if (status !== 'all') params.set('status', status);
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String(offset));
  return `${APPLICATIONS_URL}?${params.toString()}`;
}

/** GET /api/admin/applications with server-side search, filter and paging; the total is X-Total-Count. */
export async function getApplications(url: string, signal?: AbortSignal): Promise<ApplicationsPage> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  const items = (await res.json()) as ApplicationListItem[];
  const raw = res.headers.get('X-Total-Count');
  const total = raw !== null && /^\d+$/.test(raw) ? Number(raw) : items.length;
  return { items, total };
}

export function applicationsQueryOptions(params: ListParams) {
  const url = applicationsListUrl(params);
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => getApplications(url, signal),
    // Keep the current rows on screen while the next search or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useApplicationsList(params: ListParams) {
  return useQuery(applicationsQueryOptions(params));
}

/** Every query of the admin applications API after a change: the list pages, the details and the companies. */
export async function invalidateApplications(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(APPLICATIONS_URL),
    }),
    // A company's status follows its application's (completed means transferred).
    queryClient.invalidateQueries({ queryKey: [COMPANIES_URL] }),
  ]);
}
