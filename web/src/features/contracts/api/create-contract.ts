import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { AdminContract, ContractsSchemas } from '@/types/api';
import { isAdminContractsQuery } from './get-admin-contracts';

/** `expiresAt` is YYYY-MM-DD, omitted when there is no expiry. */
export type CreateContractInput = ContractsSchemas['ContractCreate'];

/** POST /api/contracts (admins). */
export function createContract(body: CreateContractInput): Promise<AdminContract> {
  return apiJson<AdminContract>('POST', '/api/contracts', body);
}

export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContract,
    onSuccess: () => queryClient.invalidateQueries({ predicate: isAdminContractsQuery }),
  });
}
