import { useQuery, type QueryClient } from '@tanstack/react-query';
import { listQueryOptions } from '@/hooks/use-list-params';
import type { AdminDocument } from '@/types/api';

export const ADMIN_DOCUMENTS_URL = '/api/admin/documents';

/**
 * GET /api/admin/documents?q=&status=&userId=&sort=&order=&limit=&offset= (issue 17): one page of the current
 * versions of everyone's documents, the total in X-Total-Count.
 */
export function adminDocumentsPageOptions(query: URLSearchParams) {
  return listQueryOptions<AdminDocument>(ADMIN_DOCUMENTS_URL, query);
}

export function useAdminDocumentsPage(query: URLSearchParams) {
  return useQuery(adminDocumentsPageOptions(query));
}

/** Every page and count of the admin's document and request lists (their keys start with their URLs). */
export function invalidateAdminDocumentLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      typeof queryKey[0] === 'string' &&
      (queryKey[0].startsWith(ADMIN_DOCUMENTS_URL) || queryKey[0].startsWith('/api/admin/document-requests')),
  });
}
