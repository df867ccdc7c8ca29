import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { IdentitySchemas } from '@/types/api';

/** POST /api/password-reset: a username or an e-mail address (issue 14 "Password reset"). */
export type PasswordResetRequest = IdentitySchemas['PasswordResetRequest'];

/** POST /api/password-reset/confirm */
export type PasswordResetConfirm = IdentitySchemas['PasswordResetConfirm'];

/** The server's answer is 202 whether or not the account exists; the SPA shows its own, same text either way. */
export async function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  await apiJson<unknown>('POST', '/api/password-reset', body);
}

/** Sets the new password; answers 400 `invalid_token` for a used, expired or unknown link. */
export async function confirmPasswordReset(body: PasswordResetConfirm): Promise<void> {
  await apiJson<unknown>('POST', '/api/password-reset/confirm', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
