import { listQueryOptions } from '@/hooks/use-list-params';
import type { SentEmail } from '@/types/api';

export const ADMIN_EMAILS_URL = '/api/admin/emails';

/** The list sorts by when an e-mail was written (newest first) and filters by its sending status (issue 14). */
export const EMAIL_SORTS = ['createdAt'] as const;
export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailStatus = SentEmail['status'];

/** GET /api/admin/emails?status=&order=&limit=&offset=: one page and X-Total-Count. */
export function emailsPageOptions(query: URLSearchParams) {
  return listQueryOptions<SentEmail>(ADMIN_EMAILS_URL, query);
}

/** Every query of the e-mail list: each page and filter, and the overview's count. */
export function isEmailsQuery({ queryKey }: { queryKey: readonly unknown[] }): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && (url === ADMIN_EMAILS_URL || url.startsWith(`${ADMIN_EMAILS_URL}?`));
}
