import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { DocumentsSchemas } from '@/types/api';

export const EXPORTS_URL = '/api/privacy/exports';
export const REQUEST_EXPORT_URL = '/api/privacy/export';
/** How often a pending export is asked about: it is usually ready within seconds, always within a minute. */
export const PENDING_POLL_MS = 2000;

/** One of the signed-in person's copies of their data (issue 16, Download my data). */
export type DataExport = DocumentsSchemas['ExportOut'];

/** GET /api/privacy/exports: the caller's exports, newest first; asked again every 2 s while the newest is pending. */
export function useDataExports() {
  return useQuery({
    queryKey: [EXPORTS_URL],
    queryFn: () => apiJson<DataExport[]>('GET', EXPORTS_URL),
    refetchInterval: (query) => (query.state.data?.[0]?.status === 'pending' ? PENDING_POLL_MS : false),
    staleTime: 0,
  });
}

/** POST /api/privacy/export → 202 {id}; while one is pending the server answers with that one. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<DocumentsSchemas['ExportCreated']>('POST', REQUEST_EXPORT_URL),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [EXPORTS_URL] }),
  });
}
