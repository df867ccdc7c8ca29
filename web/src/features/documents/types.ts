import type { DocumentsSchemas } from '@/types/api';

/**
 * Spec §4's document statuses. The API sends a document's status as a plain string, and anything outside
 * this list is shown as sent.
 */
export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected', 'submitted', 'requested'] as const;

export type AdminDocumentRequest = DocumentsSchemas['AdminDocumentRequestOut'];
export type DocumentVersion = DocumentsSchemas['DocumentVersion'];

/** The admin documents list's filters and sorts (GET /api/admin/documents). */
export const ADMIN_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
/**
 * A sort key is the name of the field it sorts (issue 37): the entries carry `createdAt` (spec §3), so the upload
 * date sorts as `createdAt`, not `uploadedAt`. GET /api/admin/documents takes `sort=createdAt` (agreed with the
 * documents service; its generated query type follows with `make api-types`).
 */
export const ADMIN_DOCUMENT_SORTS = ['createdAt', 'name', 'status'] as const;
export type AdminDocumentSort = (typeof ADMIN_DOCUMENT_SORTS)[number];
/** The admin requests list's (GET /api/admin/document-requests); `open` is a request still waiting for an upload. */
export const ADMIN_REQUEST_STATUSES = ['open', 'submitted', 'approved', 'rejected', 'overdue'] as const;
export const ADMIN_REQUEST_SORTS = ['createdAt', 'dueDate', 'name'] as const;
export type AdminRequestSort = (typeof ADMIN_REQUEST_SORTS)[number];
