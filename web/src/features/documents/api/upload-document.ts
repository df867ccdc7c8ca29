import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import type { Document } from '@/types/api';
import { documentRequestsQueryOptions } from './get-document-requests';
import { documentsQueryOptions } from './get-documents';

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
 * session cookie (spec §7); a non-OK answer becomes an ApiError like every other call. The multipart
 * body is built by buildUploadForm (rules.ts): its fields are in the service's OpenAPI document.
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
        queryClient.invalidateQueries({ queryKey: documentsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: documentRequestsQueryOptions().queryKey }),
      ]),
  });
}
