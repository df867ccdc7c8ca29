import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';
import type { ApplicationsSchemas, Mandate } from '@/types/api';
import { APPLICATIONS_URL } from './get-applications';

/** The dates present are set (null clears one), those left out stay as recorded. */
export type MandateInput = ApplicationsSchemas['MandateUpdate'];

function mandateUrl(id: string) {
  return `${APPLICATIONS_URL}/${id}/mandate`;
}

/** GET /api/admin/applications/{id}/mandate (issue 36): null while the application has no company (404). */
export function useApplicationMandate(id: string, enabled: boolean) {
  const url = mandateUrl(id);
  return useQuery({
    queryKey: [url],
    queryFn: async ({ signal }): Promise<Mandate | null> => {
      try {
        return await getJson<Mandate>(url, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    // A company assigned or changed on the same page changes the mandate: ask again then.
    staleTime: 0,
  });
}

/** PUT /api/admin/applications/{id}/mandate: the Business Register's appointment and removal entry dates. */
export function useRecordMandate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MandateInput) => apiJson<Mandate>('PUT', mandateUrl(id), body),
    onSuccess: (mandate) => queryClient.setQueryData([mandateUrl(id)], mandate),
  });
}
