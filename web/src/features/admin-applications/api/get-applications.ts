import type { QueryClient } from '@tanstack/react-query';
import { listQueryOptions } from '@/hooks/use-list-params';
import type { ApplicationListItem } from '@/types/api';
import { invalidateCompanies } from './get-companies';

export const APPLICATIONS_URL = '/api/admin/applications';
export const PAGE_SIZE = 50;
export const APPLICATION_SORTS = ['createdAt', 'updatedAt', 'status', 'name'] as const;

/**
 * GET /api/admin/applications?q=&status=&assignee=&sort=&order=&limit=&offset= (issue 17): one page and
 * the total (X-Total-Count). The query key is the URL (spec §7).
 */
export function applicationsPageOptions(query: URLSearchParams) {
  return listQueryOptions<ApplicationListItem>(APPLICATIONS_URL, query);
}

function startsWith(url: string) {
  return { predicate: (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith(url) };
}

/** Every query of the admin applications API after a change: the list pages, the details and the companies. */
export async function invalidateApplications(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries(startsWith(APPLICATIONS_URL)),
    // A company's status follows its application's (completed means transferred).
    invalidateCompanies(queryClient),
  ]);
}
