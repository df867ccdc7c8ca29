import { listQueryOptions } from '@/hooks/use-list-params';
import type { ContactMessage } from '@/types/api';

export const ADMIN_MESSAGES_URL = '/api/admin/messages';

/** The inbox's sorts and status filters (issue 17). */
export const MESSAGE_SORTS = ['createdAt', 'name', 'subject'] as const;
export const MESSAGE_FILTERS = ['unread', 'read'] as const;

/** GET /api/admin/messages?q=&status=&email=&sort=&order=&limit=&offset=: one page and X-Total-Count. */
export function messagesPageOptions(query: URLSearchParams) {
  return listQueryOptions<ContactMessage>(ADMIN_MESSAGES_URL, query);
}

/** Every query of the inbox: each page, search and filter, one sender's messages and the overview's count. */
export function isMessagesQuery({ queryKey }: { queryKey: readonly unknown[] }): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && (url === ADMIN_MESSAGES_URL || url.startsWith(`${ADMIN_MESSAGES_URL}?`));
}
