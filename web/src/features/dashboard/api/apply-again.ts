import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { OwnApplication } from '@/types/api';
import { ownApplicationQueryOptions } from './get-own-application';

/**
 * POST /api/application: a new application once the current one is rejected or completed (spec §1, "The
 * person may apply again"); 409 `application_open` while it is open. Answers like GET /api/application.
 */
export function applyAgain(): Promise<OwnApplication> {
  return apiJson<OwnApplication>('POST', '/api/application');
}

export function useApplyAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyAgain,
    onSuccess: (own) => {
      queryClient.setQueryData(ownApplicationQueryOptions().queryKey, own);
    },
  });
}
