import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGetPage } from '@/lib/api-client';
import type { AuditSchemas } from '@/types/api';

export const ACCESS_LOG_URL = '/api/privacy/access-log';
/** Entries per "show more". */
export const ACCESS_LOG_PAGE_SIZE = 10;

/** One admin view or download of the signed-in user's data; deliberately nothing about the admin. */
export type AccessLogEntry = AuditSchemas['AccessLogEntryOut'];

/**
 * GET /api/privacy/access-log?limit=&offset= (issue 16, Access transparency), newest first, X-Total-Count; each
 * "show more" asks for the next page.
 */
export function useAccessLog() {
  return useInfiniteQuery({
    queryKey: [ACCESS_LOG_URL],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(ACCESS_LOG_PAGE_SIZE), offset: String(pageParam) });
      return apiGetPage<AccessLogEntry>(`${ACCESS_LOG_URL}?${query}`, signal);
    },
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((count, page) => count + page.items.length, 0);
      return last.items.length > 0 && shown < last.total ? shown : undefined;
    },
    // Records reach the audit store a moment after the admin's view: each visit asks again.
    staleTime: 0,
  });
}
