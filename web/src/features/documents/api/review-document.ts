import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Document, DocumentsSchemas } from '@/types/api';
import { invalidateAdminDocumentLists } from './get-admin-documents';

export type ReviewStatus = DocumentsSchemas['ReviewRequest']['status'];

export interface ReviewInput {
  id: number;
  status: ReviewStatus;
  /** Why it is rejected: required to reject, shown to the applicant. */
  reason?: string;
}

/** PUT /api/admin/documents/{id}/status. Spec §7: a non-JSON answer still counts as success. */
export async function setDocumentStatus({ id, status, reason }: ReviewInput): Promise<Document | null> {
  const body: DocumentsSchemas['ReviewRequest'] = status === 'rejected' ? { status, reason } : { status };
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
    mutationFn: setDocumentStatus,
    onSettled: () => invalidateAdminDocumentLists(queryClient),
  });
}
