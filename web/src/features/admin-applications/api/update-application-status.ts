import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { ApplicationDetail, ApplicationsSchemas } from '@/types/api';
import { applicationQueryOptions } from './get-application';
import { APPLICATIONS_URL, invalidateApplications } from './get-applications';

export type UpdateStatusInput = ApplicationsSchemas['StatusChange'];

/** PUT /api/admin/applications/{id}/status: a new status and/or notes (spec §4). */
export function updateApplicationStatus(id: string, body: UpdateStatusInput): Promise<ApplicationDetail> {
  return apiJson<ApplicationDetail>('PUT', `${APPLICATIONS_URL}/${id}/status`, body);
}

export function useUpdateStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStatusInput) => updateApplicationStatus(id, body),
    onSuccess: async (detail) => {
      queryClient.setQueryData(applicationQueryOptions(id).queryKey, detail);
      await invalidateApplications(queryClient);
    },
  });
}
