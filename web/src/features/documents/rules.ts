import { localeFor, parseIsoDate, toIsoDate, todayInTallinn, type CalendarDate } from '@/lib/dates';
import type { Document, DocumentRequest } from '@/types/api';
import { DOCUMENT_STATUSES, type AdminDocumentRequest } from './types';

/** Spec §5: the accepted file types, by extension. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'txt', 'xls', 'xlsx'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');
/** The documents service's default upload limit (DOCUMENTS_MAX_UPLOAD_BYTES); the server decides. */
export const MAX_UPLOAD_MB = 20;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** Spec §5: the name defaults to the file name up to the first dot ('passport.copy.pdf' → 'passport'). */
export function defaultDocumentName(fileName: string): string {
  const dot = fileName.indexOf('.');
  return dot === -1 ? fileName : fileName.slice(0, dot);
}

/** The name sent: what was typed, or the full file name when left empty (spec §5). */
export function nameToSend(typed: string, fileName: string): string {
  return typed.trim() || fileName;
}

/** What an upload answers: a request, and/or the rejected document it is uploaded again in place of. */
export interface UploadTarget {
  requestId?: number;
  replacesDocumentId?: number;
}

/**
 * The multipart body. The text fields come before the file so the server can refuse a bad request
 * before reading the bytes; the description is only sent when filled in (spec §5).
 */
export function buildUploadForm(file: File, name: string, description: string, target: UploadTarget = {}): FormData {
  const form = new FormData();
  if (target.requestId !== undefined) form.append('requestId', String(target.requestId));
  if (target.replacesDocumentId !== undefined) form.append('replacesDocumentId', String(target.replacesDocumentId));
  form.append('name', nameToSend(name, file.name));
  if (description.trim()) form.append('description', description.trim());
  form.append('file', file);
  return form;
}

export type FileProblem = 'type' | 'size' | null;

/** Client-side pre-check (the server has the last word): extension and size. */
export function fileProblem(file: File): FileProblem {
  const dot = file.name.lastIndexOf('.');
  const ext = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext)) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

/** Spec §2: the file type is shown as the part after the slash of the MIME type. */
/** How wide the type column's value is at most in a wide table (a longer one is cut, its whole value the title). */
export const FILE_TYPE_WIDTH = 'md:max-w-[7rem]';

export function fileTypeLabel(mime: string): string {
  const slash = mime.indexOf('/');
  return slash === -1 ? mime : mime.slice(slash + 1);
}

export type DocumentBadgeVariant = 'default' | 'destructive' | 'secondary';

/** Spec §4: approved default, rejected destructive, all others secondary. */
export function documentStatusVariant(status: string): DocumentBadgeVariant {
  if (status === 'approved') return 'default';
  if (status === 'rejected') return 'destructive';
  return 'secondary';
}

export function isKnownDocumentStatus(status: string): boolean {
  return (DOCUMENT_STATUSES as readonly string[]).includes(status);
}

/** A request can (still or again) be answered with an upload while it is open or was rejected ('Upload again'). */
export function canUploadFor(request: DocumentRequest): boolean {
  return request.status === 'requested' || request.status === 'rejected';
}

/**
 * A rejected document can be uploaded again once (issue 17): the new one replaces it. One answering a request
 * is uploaded again from the request's row, which the applicant sees beside it.
 */
export function canUploadAgain(document: Document): boolean {
  return document.status === 'rejected' && document.replacedById == null;
}

/** The request states in which the applicant still owes the document: nothing uploaded, or the upload rejected. */
const OWED_REQUEST_STATUSES: readonly string[] = ['requested', 'rejected'];

/**
 * Issue 14: a request is overdue once its due date is before today in Europe/Tallinn (the due date itself is
 * the last day) while the applicant still owes its document — the documents service's `is_overdue`, so the
 * mark follows the day even on a page left open past midnight.
 */
export function isOverdue(request: { dueDate: string | null; status: string }, today: CalendarDate = todayInTallinn()): boolean {
  const due = request.dueDate ? parseIsoDate(request.dueDate) : null;
  return due !== null && toIsoDate(due) < toIsoDate(today) && OWED_REQUEST_STATUSES.includes(request.status);
}

/** Only pending documents can be approved or rejected (spec §4). */
export function canReview(status: string): boolean {
  return status === 'pending';
}

export function formatSize(bytes: number, language: string): string {
  const locale = localeFor(language);
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(kb)} KB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(kb / 1024)} MB`;
}

export interface RequestGroup {
  /** null: requests not tied to any application. */
  applicationId: number | null;
  rows: AdminDocumentRequest[];
}

/**
 * The requests by the application they name (issue 37, Applying again: a request may name any of the applicant's
 * applications): the one the page shows first, then the others newest first, then those naming none. Each group
 * keeps the list's order (newest first).
 */
export function groupRequestsByApplication(rows: AdminDocumentRequest[], shown: number): RequestGroup[] {
  const groups = new Map<number | null, AdminDocumentRequest[]>();
  for (const row of rows) {
    const key = row.applicationId ?? null;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const rank = (id: number | null) => (id === shown ? 0 : id === null ? 2 : 1);
  return [...groups.entries()]
    .map(([applicationId, groupRows]) => ({ applicationId, rows: groupRows }))
    .sort((a, b) => rank(a.applicationId) - rank(b.applicationId) || (b.applicationId ?? 0) - (a.applicationId ?? 0));
}
