import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';

/** A contact-form message (spec §3). */
export interface ContactMessage {
  id: number;
  subject: string;
  name: string;
  email: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

/** The query key is the URL (spec §7); the default query function throws on 401. */
export const MESSAGES_QUERY_KEY = ['/api/admin/messages'] as const;

/** GET /api/admin/messages: newest first (the service orders them). */
export function useAdminMessages() {
  return useQuery<ContactMessage[]>({ queryKey: MESSAGES_QUERY_KEY });
}

/**
 * PUT /api/admin/messages/{id}/read, then refetch the list. The mutation stays pending until the
 * refetch is done, so 'Marking...' shows until the list reflects the change.
 */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<ContactMessage>('PUT', `/api/admin/messages/${id}/read`),
    onSuccess: (updated) => {
      queryClient.setQueryData<ContactMessage[]>(MESSAGES_QUERY_KEY, (list) =>
        list?.map((message) => (message.id === updated.id ? { ...message, isRead: true } : message)),
      );
      return queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
    },
  });
}
