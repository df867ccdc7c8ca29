import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { ApplicationDetail, ApplicationsSchemas } from '@/types/api';
import { applicationQueryOptions } from './get-application';
import { APPLICATIONS_URL, invalidateApplications } from './get-applications';

/** `registrationDate` is YYYY-MM-DD when the company's registration date is known. */
export type AssignCompanyInput = ApplicationsSchemas['CompanyAssignment'];

/** PUT /api/admin/applications/{id}/company */
export function assignCompany(id: string, body: AssignCompanyInput): Promise<ApplicationDetail> {
  return apiJson<ApplicationDetail>('PUT', `${APPLICATIONS_URL}/${id}/company`, body);
}

export function useAssignCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignCompanyInput) => assignCompany(id, body),
    onSuccess: async (detail) => {
      queryClient.setQueryData(applicationQueryOptions(id).queryKey, detail);
      await invalidateApplications(queryClient);
    },
  });
}
