import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, type ApiPage } from '@/lib/api-client';
import type { ContactMessage } from '@/types/api';
import { isMessagesQuery } from './get-messages';

/** PUT /api/admin/messages/{id}/read */
export function markMessageRead(id: number): Promise<ContactMessage> {
  return apiJson<ContactMessage>('PUT', `/api/admin/messages/${id}/read`);
}

/**
 * Marks the message read wherever it is shown, then refetches every inbox query (an unread filter loses it,
 * the overview's count drops). The mutation stays pending until that is done, so 'Marking...' shows until
 * the lists reflect the change.
 */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: (updated) => {
      queryClient.setQueriesData<ApiPage<ContactMessage>>({ predicate: isMessagesQuery }, (page) =>
        page?.items
          ? { ...page, items: page.items.map((message) => (message.id === updated.id ? { ...message, isRead: true } : message)) }
          : page,
      );
      return queryClient.invalidateQueries({ predicate: isMessagesQuery });
    },
  });
}
