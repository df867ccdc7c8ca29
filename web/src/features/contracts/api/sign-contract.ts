import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { Contract, ContractsSchemas } from '@/types/api';
import { contractsQueryOptions } from './get-contracts';

export type SignContractInput = ContractsSchemas['SignRequest'];

/** POST /api/contracts/{id}/sign with the signature image, drawn or typed (spec §5, issue 13). */
export function signContract(id: number, body: SignContractInput): Promise<Contract> {
  return apiJson<Contract>('POST', `/api/contracts/${id}/sign`, body);
}

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SignContractInput & { id: number }) => signContract(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractsQueryOptions().queryKey }),
  });
}
