import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { ContractsSchemas } from '@/types/api';

export const VERIFY_URL = '/api/contracts/verify';
/** The server refuses larger files with 413 too_large; the page says so before sending one. */
export const MAX_VERIFY_BYTES = 10 * 1024 * 1024;
/** A contract's PDF, or its ASiC-E container (issue 33). */
export const ACCEPTED_FILES = 'application/pdf,.pdf,application/vnd.etsi.asic-e+zip,.asice';

export type VerifyResult = ContractsSchemas['VerifyResult'];
export type VerifyReason = NonNullable<VerifyResult['reason']>;

/**
 * POST /api/contracts/verify (public, multipart `file`): whether the PDF is a genuine, unchanged signed contract,
 * or whether the .asice's signature is valid (kind `asice`).
 */
export function verifyContract(file: File): Promise<VerifyResult> {
  const body = new FormData();
  body.append('file', file);
  return apiJson<VerifyResult>('POST', VERIFY_URL, body);
}

export function useVerifyContract() {
  return useMutation({ mutationFn: verifyContract });
}
