/** Shapes of the documents API (spec §3 Document and Document request, §4 document status). */

export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected', 'submitted', 'requested'] as const;
export type KnownDocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export interface Document {
  id: number;
  applicationId: number | null;
  requestId: number | null;
  name: string;
  description: string | null;
  /** The MIME type, e.g. application/pdf. */
  fileType: string;
  /** '/api/documents/{id}/download' */
  filePath: string;
  /** Known values are DOCUMENT_STATUSES; anything else is shown as sent (spec §4). */
  status: string;
  createdAt: string;
  size: number;
}

export interface DocumentUser {
  fullName: string | null;
  username: string | null;
  email: string | null;
}

/** What GET /api/admin/documents answers: the document plus whose it is. */
export interface AdminDocument extends Document {
  userId: number;
  reviewedAt: string | null;
  user: DocumentUser | null;
}

export type DocumentRequestStatus = 'requested' | 'submitted' | 'approved' | 'rejected';

export interface DocumentRequest {
  id: number;
  userId: number;
  applicationId: number | null;
  name: string;
  description: string | null;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  status: DocumentRequestStatus | string;
  createdAt: string;
  documentId: number | null;
}

export interface DocumentRequestBody {
  userId: number;
  applicationId: number | null;
  name: string;
  description: string;
  /** YYYY-MM-DD built from the picked calendar day, or null. */
  dueDate: string | null;
}

export type ReviewStatus = 'approved' | 'rejected';
