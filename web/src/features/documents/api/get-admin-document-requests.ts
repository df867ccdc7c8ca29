import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '@/hooks/use-list-params';
import type { AdminDocumentRequest } from '../types';

export const ADMIN_DOCUMENT_REQUESTS_URL = '/api/admin/document-requests';

/**
 * GET /api/admin/document-requests?q=&status=&userId=&sort=&order=&limit=&offset= (issue 17): one page of
 * everyone's document requests with the applicant's name; status `overdue` is past the due date in Tallinn
 * while the applicant still owes the document.
 */
export function adminDocumentRequestsPageOptions(query: URLSearchParams) {
  return listQueryOptions<AdminDocumentRequest>(ADMIN_DOCUMENT_REQUESTS_URL, query);
}

export function useAdminDocumentRequestsPage(query: URLSearchParams) {
  return useQuery(adminDocumentRequestsPageOptions(query));
}
