import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Document, DocumentsSchemas } from '@/types/api';
import { adminDocumentsQueryOptions } from './get-admin-documents';

export type ReviewStatus = DocumentsSchemas['ReviewRequest']['status'];

/** PUT /api/admin/documents/{id}/status. Spec §7: a non-JSON answer still counts as success. */
export async function setDocumentStatus(id: number, status: ReviewStatus): Promise<Document | null> {
  const body: DocumentsSchemas['ReviewRequest'] = { status };
  const res = await apiRequest('PUT', `/api/admin/documents/${id}/status`, body);
  try {
    return (await res.json()) as Document;
  } catch {
    return null;
  }
}

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ReviewStatus }) => setDocumentStatus(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDocumentsQueryOptions().queryKey }),
  });
}
