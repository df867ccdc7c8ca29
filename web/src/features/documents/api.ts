import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson, apiRequest } from '@/lib/api-client';
import type { AdminDocument, Document, DocumentRequest, DocumentRequestBody, ReviewStatus } from './types';

export const OWN_DOCUMENTS_KEY = ['/api/documents'] as const;
export const OWN_REQUESTS_KEY = ['/api/document-requests'] as const;
export const ADMIN_DOCUMENTS_KEY = ['/api/admin/documents'] as const;

export function useOwnDocuments() {
  return useQuery<Document[]>({ queryKey: OWN_DOCUMENTS_KEY });
}

export function useOwnRequests() {
  return useQuery<DocumentRequest[]>({ queryKey: OWN_REQUESTS_KEY });
}

export function useAdminDocuments() {
  return useQuery<AdminDocument[]>({ queryKey: ADMIN_DOCUMENTS_KEY });
}

/** Thrown when the person cancels an upload; not a failure to report. */
export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAbortedError';
  }
}

export interface UploadOptions {
  /** 0–100, as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/documents with XMLHttpRequest, because fetch cannot report upload progress. Sends the
 * session cookie (spec §7); a non-OK answer becomes an ApiError like every other call.
 */
export function uploadDocument(form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<Document> {
  return new Promise<Document>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        try {
          resolve(JSON.parse(xhr.responseText) as Document);
        } catch {
          reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new UploadAbortedError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, ...options }: UploadOptions & { form: FormData }) => uploadDocument(form, options),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: OWN_DOCUMENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: OWN_REQUESTS_KEY }),
      ]),
  });
}

export function useRequestDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentRequestBody) => apiJson<DocumentRequest>('POST', '/api/document-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_DOCUMENTS_KEY }),
  });
}

/** Spec §7: a non-JSON answer to the status change still counts as success. */
export async function setDocumentStatus(id: number, status: ReviewStatus): Promise<Document | null> {
  const res = await apiRequest('PUT', `/api/admin/documents/${id}/status`, { status });
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_DOCUMENTS_KEY }),
  });
}
