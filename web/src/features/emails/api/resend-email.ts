import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, type ApiPage } from '@/lib/api-client';
import type { SentEmail } from '@/types/api';
import { isEmailsQuery } from './get-emails';

/** POST /api/admin/emails/{id}/resend: queued again from its first attempt; 409 email_already_queued if it waits. */
export function resendEmail(id: number): Promise<SentEmail> {
  return apiJson<SentEmail>('POST', `/api/admin/emails/${id}/resend`);
}

/** Sends an e-mail again; its row shows the answer at once, then every list query refetches. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmail,
    onSuccess: (updated) => {
      queryClient.setQueriesData<ApiPage<SentEmail>>({ predicate: isEmailsQuery }, (page) =>
        page?.items ? { ...page, items: page.items.map((email) => (email.id === updated.id ? updated : email)) } : page,
      );
      return queryClient.invalidateQueries({ predicate: isEmailsQuery });
    },
  });
}
