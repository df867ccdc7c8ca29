import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { ApplicationDetail } from '@/types/api';
import { applicationQueryOptions } from './get-application';
import { APPLICATIONS_URL, invalidateApplications } from './get-applications';

/** POST /api/admin/applications/{id}/assign-to-me (issue 17, Work sharing). */
export function assignToMe(id: string): Promise<ApplicationDetail> {
  return apiJson<ApplicationDetail>('POST', `${APPLICATIONS_URL}/${id}/assign-to-me`);
}

/** DELETE /api/admin/applications/{id}/assignee */
export function unassign(id: string): Promise<ApplicationDetail> {
  return apiJson<ApplicationDetail>('DELETE', `${APPLICATIONS_URL}/${id}/assignee`);
}

/** Assigns the application to the signed-in admin (`true`) or to nobody (`false`). */
export function useAssignment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toMe: boolean) => (toMe ? assignToMe(id) : unassign(id)),
    onSuccess: async (detail) => {
      queryClient.setQueryData(applicationQueryOptions(id).queryKey, detail);
      await invalidateApplications(queryClient);
    },
  });
}
