import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { ContactMessage } from '@/types/api';
import { messagesQueryOptions } from './get-messages';

/** PUT /api/admin/messages/{id}/read */
export function markMessageRead(id: number): Promise<ContactMessage> {
  return apiJson<ContactMessage>('PUT', `/api/admin/messages/${id}/read`);
}

/**
 * Marks the message read, then refetches the list. The mutation stays pending until the refetch is done,
 * so 'Marking...' shows until the list reflects the change.
 */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: (updated) => {
      const { queryKey } = messagesQueryOptions();
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((message) => (message.id === updated.id ? { ...message, isRead: true } : message)),
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
