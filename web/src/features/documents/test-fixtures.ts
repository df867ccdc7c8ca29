import { vi } from 'vitest';
import type { AdminDocument, Document, DocumentRequest } from '@/types/api';
import type { AdminDocumentRequest } from './types';

export function document(overrides: Partial<Document> = {}): Document {
  return {
    id: 3,
    applicationId: 11,
    requestId: null,
    name: 'Passport copy',
    description: null,
    fileType: 'application/pdf',
    filePath: '/api/documents/3/download',
    status: 'pending',
    createdAt: '2025-05-09T10:30:00Z',
    size: 2048,
    rejectionReason: null,
    replacesId: null,
    replacedById: null,
    ...overrides,
  };
}

export function adminDocument(overrides: Partial<AdminDocument> = {}): AdminDocument {
  return {
    ...document(),
    userId: 7,
    reviewedAt: null,
    user: { fullName: 'Mari Maasikas', username: 'mari', email: 'mari@example.ee' },
    fileName: 'passport.pdf',
    requestName: null,
    earlierVersions: [],
    ...overrides,
  };
}

export function documentRequest(overrides: Partial<DocumentRequest> = {}): DocumentRequest {
  return {
    id: 41,
    userId: 7,
    applicationId: 11,
    name: 'Proof of address',
    description: 'A utility bill from the last 3 months',
    dueDate: '2025-06-30',
    status: 'requested',
    createdAt: '2025-05-08T10:00:00Z',
    documentId: null,
    overdue: false,
    rejectionReason: null,
    ...overrides,
  };
}

export function adminDocumentRequest(overrides: Partial<AdminDocumentRequest> = {}): AdminDocumentRequest {
  return {
    ...documentRequest(),
    user: { fullName: 'Mari Maasikas', username: 'mari', email: 'mari@example.ee' },
    ...overrides,
  };
}

/**
 * A stand-in for XMLHttpRequest that the test drives: report upload progress, then answer. Every
 * instance is kept in `FakeXhr.instances`.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  body: FormData | null = null;
  aborted = false;
  headers: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  static install() {
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.instances.at(-1);
    if (!xhr) throw new Error('no upload was sent');
    return xhr;
  }
}
