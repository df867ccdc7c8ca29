import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { AdminDocument } from '@/types/api';

const URL = '/api/admin/documents';

/** GET /api/admin/documents: every document with whose it is. */
export function getAdminDocuments(signal?: AbortSignal): Promise<AdminDocument[]> {
  return getJson<AdminDocument[]>(URL, signal);
}

export function adminDocumentsQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getAdminDocuments(signal) });
}

export function useAdminDocuments() {
  return useQuery(adminDocumentsQueryOptions());
}
