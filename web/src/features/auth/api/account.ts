import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { IdentitySchemas } from '@/types/api';

// Issue 14 "Account self-service".

/** POST /api/profile/password (signed in): every other session of the account ends. */
export type ChangePasswordRequest = IdentitySchemas['PasswordChange'];

/** POST /api/profile/email (signed in): nothing changes until the link sent to `email` is followed. */
export type ChangeEmailRequest = IdentitySchemas['EmailChangeRequest'];

/** POST /api/email-change/confirm (works signed out too). */
export type ConfirmEmailChangeRequest = IdentitySchemas['EmailChangeConfirm'];

export type ConfirmEmailChangeResponse = IdentitySchemas['EmailOut'];

/** The code of a 422 whose current password was wrong: it belongs under that field, in our words. */
export const WRONG_PASSWORD = 'wrong_password';

export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await apiJson<unknown>('POST', '/api/profile/password', body);
}

export async function changeEmail(body: ChangeEmailRequest): Promise<void> {
  await apiJson<unknown>('POST', '/api/profile/email', body);
}

export function confirmEmailChange(body: ConfirmEmailChangeRequest): Promise<ConfirmEmailChangeResponse> {
  return apiJson<ConfirmEmailChangeResponse>('POST', '/api/email-change/confirm', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // The user and the profile (whichever of them this browser holds) now carry the new address.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
