import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson, apiRequest } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';
import type { Contract } from '@/types/api';

/** The applicant's contracts, under the Contracts tab's key (the URL), so both read one cache. */
export const OWN_CONTRACTS_URL = '/api/contracts';
export const RESIGNATION_URL = '/api/mandate/resignation';

export function useOwnContractList(enabled: boolean) {
  return useQuery({
    queryKey: [OWN_CONTRACTS_URL],
    queryFn: ({ signal }) => getJson<Contract[]>(OWN_CONTRACTS_URL, signal),
    enabled,
  });
}

/** GET /api/mandate/resignation (issue 36): the newest letter that is not withdrawn, or null (404). */
export async function getOwnResignation(signal?: AbortSignal): Promise<Contract | null> {
  try {
    return await getJson<Contract>(RESIGNATION_URL, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useOwnResignation(enabled: boolean) {
  return useQuery({ queryKey: [RESIGNATION_URL], queryFn: ({ signal }) => getOwnResignation(signal), enabled });
}

function useInvalidateLetters() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [RESIGNATION_URL] }),
      queryClient.invalidateQueries({ queryKey: [OWN_CONTRACTS_URL] }),
    ]);
}

/** POST /api/mandate/resignation {reason?}: the letter to the shareholders, to be signed with eID. */
export function useMakeResignation() {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: (reason: string | null) => apiJson<Contract>('POST', RESIGNATION_URL, reason ? { reason } : {}),
    onSettled: invalidate,
  });
}

/** DELETE /api/mandate/resignation: the unsigned letter withdrawn. */
export function useWithdrawResignation() {
  const invalidate = useInvalidateLetters();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', RESIGNATION_URL);
    },
    onSettled: invalidate,
  });
}
