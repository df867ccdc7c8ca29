import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { AdminContract, Contract, ContractCreateBody, SignBody } from './types';

export const OWN_CONTRACTS_KEY = ['/api/contracts'] as const;
export const ADMIN_CONTRACTS_KEY = ['/api/admin/contracts'] as const;

/** The signed-in applicant's contracts, newest first (expiry is computed by the server). */
export function useOwnContracts() {
  return useQuery<Contract[]>({ queryKey: OWN_CONTRACTS_KEY });
}

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SignBody & { id: number }) => apiJson<Contract>('POST', `/api/contracts/${id}/sign`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_CONTRACTS_KEY }),
  });
}

export function useAdminContracts() {
  return useQuery<AdminContract[]>({ queryKey: ADMIN_CONTRACTS_KEY });
}

export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractCreateBody) => apiJson<AdminContract>('POST', '/api/contracts', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CONTRACTS_KEY }),
  });
}

export function useChangeContractStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'sent' | 'cancelled' }) =>
      apiJson<AdminContract>('PUT', `/api/admin/contracts/${id}/status`, { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_CONTRACTS_KEY }),
  });
}
