import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { Document } from '@/types/api';

const URL = '/api/documents';

/** GET /api/documents: the signed-in applicant's documents. */
export function getDocuments(signal?: AbortSignal): Promise<Document[]> {
  return getJson<Document[]>(URL, signal);
}

/** The query key is the URL (spec §7). */
export function documentsQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getDocuments(signal) });
}

export function useOwnDocuments() {
  return useQuery(documentsQueryOptions());
}
