import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';
import type { IdentitySchemas } from '@/types/api';

/** The board member's liability notice (issue 36), in the reader's language, and whether they acknowledged it. */
export type LiabilityNotice = IdentitySchemas['LiabilityNoticeOut'];

export const LIABILITY_NOTICE_URL = '/api/mandate/notice';

/** GET /api/mandate/notice; the language is part of the key, so switching it asks again in the new one. */
export function useLiabilityNotice(language: string) {
  return useQuery({
    queryKey: [LIABILITY_NOTICE_URL, language],
    queryFn: ({ signal }) => getJson<LiabilityNotice>(LIABILITY_NOTICE_URL, signal),
  });
}

/** POST /api/mandate/notice/acknowledgement {version}: 422 notice_version_outdated for any but the current one. */
export function useAcknowledgeNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) =>
      apiJson<LiabilityNotice>('POST', `${LIABILITY_NOTICE_URL}/acknowledgement`, { version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [LIABILITY_NOTICE_URL] }),
  });
}
