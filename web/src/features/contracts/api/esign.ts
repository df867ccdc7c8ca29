import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiJson } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';
import type { ContractsSchemas } from '@/types/api';
import { ADMIN_CONTRACTS_URL } from './get-admin-contracts';
import { contractsQueryOptions } from './get-contracts';

/** Issue 33: signing with eID (Smart-ID, Mobile-ID, ID-card through Web eID). */
export type EsignRequest = ContractsSchemas['EsignRequest'];
export type EsignSession = ContractsSchemas['EsignSessionOut'];
export type EsignMethod = EsignSession['method'];
export type HashFunction = NonNullable<EsignSession['hashFunction']>;

export function esignUrl(contractId: number): string {
  return `/api/contracts/${contractId}/esign`;
}

/** The query key (and URL) of one signing session: the server long-polls SK before answering. */
export function esignSessionUrl(contractId: number, sessionId: string): string {
  return `${esignUrl(contractId)}/${encodeURIComponent(sessionId)}`;
}

/** The contract's ASiC-E container (.asice): owner and admins, contracts signed with eID only. */
export function contractAsiceUrl(contractId: number): string {
  return `/api/contracts/${contractId}/asice`;
}

/**
 * POST /api/contracts/{id}/esign: starts a Smart-ID or Mobile-ID session (201 running, with the verification
 * code, which Smart-ID may give only later) or, for the ID-card, answers the digest the card signs.
 */
export function startEsign(contractId: number, body: EsignRequest): Promise<EsignSession> {
  return apiJson<EsignSession>('POST', esignUrl(contractId), body);
}

/** GET /api/contracts/{id}/esign/{sessionId}: the session's state, after the server has asked SK once. */
export function getEsignSession(contractId: number, sessionId: string, signal?: AbortSignal): Promise<EsignSession> {
  return getJson<EsignSession>(esignSessionUrl(contractId, sessionId), signal);
}

/** POST /api/contracts/{id}/esign/{sessionId}/signature: the card's signature of the digest. */
export function sendIdCardSignature(contractId: number, sessionId: string, signature: string): Promise<EsignSession> {
  return apiJson<EsignSession>('POST', `${esignSessionUrl(contractId, sessionId)}/signature`, { signature });
}

/** Every list that shows the contract: the applicant's own and the admin's (an admin may look at both). */
export function useInvalidateContracts() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractsQueryOptions().queryKey }),
        queryClient.invalidateQueries({
          predicate: ({ queryKey: [url] }) => typeof url === 'string' && url.startsWith(ADMIN_CONTRACTS_URL),
        }),
      ]),
    [queryClient],
  );
}

export function useStartEsign() {
  return useMutation({ mutationFn: ({ contractId, ...body }: EsignRequest & { contractId: number }) => startEsign(contractId, body) });
}
