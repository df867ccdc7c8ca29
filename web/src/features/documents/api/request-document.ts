import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { DocumentRequest, DocumentsSchemas } from '@/types/api';
import { invalidateAdminDocumentLists } from './get-admin-documents';

/** `dueDate` is the picked calendar day as YYYY-MM-DD, or null. */
export type RequestDocumentInput = DocumentsSchemas['DocumentRequestCreate'];

/** POST /api/document-requests (admins): ask an applicant for a document. */
export function requestDocument(body: RequestDocumentInput): Promise<DocumentRequest> {
  return apiJson<DocumentRequest>('POST', '/api/document-requests', body);
}

export function useRequestDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDocument,
    onSuccess: () => invalidateAdminDocumentLists(queryClient),
  });
}
