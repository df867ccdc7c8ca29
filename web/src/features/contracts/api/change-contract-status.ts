import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { AdminContract, ContractsSchemas } from '@/types/api';
import { isAdminContractsQuery } from './get-admin-contracts';

export type ContractStatusChange = ContractsSchemas['StatusChange'];

/** PUT /api/admin/contracts/{id}/status: send or cancel a contract. */
export function changeContractStatus(id: number, body: ContractStatusChange): Promise<AdminContract> {
  return apiJson<AdminContract>('PUT', `/api/admin/contracts/${id}/status`, body);
}

export function useChangeContractStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: ContractStatusChange & { id: number }) => changeContractStatus(id, { status }),
    onSettled: () => queryClient.invalidateQueries({ predicate: isAdminContractsQuery }),
  });
}
