import { useQuery } from '@tanstack/react-query';
import { apiGetPage } from '@/lib/api-client';
import type { AdminContract } from '@/types/api';

/**
 * The applicant's documents signed with eID only (issues 33 and 36), from the admins' contract list of that
 * applicant: the board member's consent and the resignation letter. Under the list's URL, so a change there
 * (isAdminContractsQuery) refreshes this too.
 */
export function useRegisterDocuments(userId: number) {
  const url = `/api/admin/contracts?${new URLSearchParams({ userId: String(userId), limit: '100' }).toString()}`;
  return useQuery({
    queryKey: [url, 'register-documents'],
    queryFn: async ({ signal }) =>
      (await apiGetPage<AdminContract>(url, signal)).items.filter(
        (contract) => contract.kind === 'board_consent' || contract.kind === 'resignation',
      ),
  });
}
