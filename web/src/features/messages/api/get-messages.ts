import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { ContactMessage } from '@/types/api';

const URL = '/api/admin/messages';

/** GET /api/admin/messages: the contact-form messages, newest first (the service orders them). */
export function getMessages(signal?: AbortSignal): Promise<ContactMessage[]> {
  return getJson<ContactMessage[]>(URL, signal);
}

/** The query key is the URL (spec §7). */
export function messagesQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getMessages(signal) });
}

export function useAdminMessages() {
  return useQuery(messagesQueryOptions());
}
