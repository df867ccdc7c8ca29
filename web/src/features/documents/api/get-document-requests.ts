import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { DocumentRequest } from '@/types/api';

const URL = '/api/document-requests';

/** GET /api/document-requests: what the admins asked the signed-in applicant for. */
export function getDocumentRequests(signal?: AbortSignal): Promise<DocumentRequest[]> {
  return getJson<DocumentRequest[]>(URL, signal);
}

export function documentRequestsQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getDocumentRequests(signal) });
}

export function useOwnRequests() {
  return useQuery(documentRequestsQueryOptions());
}
