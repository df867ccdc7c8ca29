import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { ApplicationsSchemas, ShelfCompany } from '@/types/api';
import { COMPANIES_URL, invalidateCompanies } from './get-companies';

export type CreateCompanyInput = ApplicationsSchemas['CompanyCreate'];

/** POST /api/admin/companies */
export function createCompany(body: CreateCompanyInput): Promise<ShelfCompany> {
  return apiJson<ShelfCompany>('POST', COMPANIES_URL, body);
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => invalidateCompanies(queryClient),
  });
}
