import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth/get-user';
import type { IdentitySchemas, User } from '@/types/api';

// Issue 15 "Two-factor sign-in": the account's second factor (TOTP and recovery codes).

export type SecondFactorState = IdentitySchemas['SecondFactorOut'];
export type TotpEnrolment = IdentitySchemas['TotpStartOut'];
export type RecoveryCodes = IdentitySchemas['RecoveryCodesOut'];

const URL = '/api/second-factor';
export const SECOND_FACTOR_QUERY_KEY = [URL] as const;
/** The code of a login refused for want of the second factor: the form then asks for the code. */
export const MFA_REQUIRED = 'mfa_required';
/** The code of a wrong one-time code (enrolment, turning off, new recovery codes). */
export const WRONG_CODE = 'wrong_code';

export function useSecondFactor() {
  return useQuery({
    queryKey: SECOND_FACTOR_QUERY_KEY,
    queryFn: () => apiJson<SecondFactorState>('GET', URL),
  });
}

/** After a change: the state, and the user (its secondFactor and secondFactorPassed), read afresh. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    ]);
}

/** POST /api/second-factor/totp/start: a new secret with its QR code, not yet in force. */
export function useStartTotp() {
  return useMutation({ mutationFn: () => apiJson<TotpEnrolment>('POST', `${URL}/totp/start`) });
}

/** POST /api/second-factor/totp/confirm: a code from the app puts it in force; answers 10 recovery codes. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => apiJson<RecoveryCodes>('POST', `${URL}/totp/confirm`, { code }),
    onSuccess: () => {
      // This session has now passed the second factor: the admin pages open at once, before the user is re-read.
      queryClient.setQueryData<User | null>(USER_QUERY_KEY, (user) =>
        user ? { ...user, secondFactor: true, secondFactorPassed: true } : user,
      );
      void refresh();
    },
  });
}

/** DELETE /api/second-factor/totp (applicants only), with a current code. */
export function useTurnTotpOff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (code: string) => {
      await apiRequest('DELETE', `${URL}/totp`, { code });
    },
    onSuccess: () => refresh(),
  });
}

/** POST /api/second-factor/recovery-codes: ten new codes in place of the old ones, with a current code. */
export function useNewRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => apiJson<RecoveryCodes>('POST', `${URL}/recovery-codes`, { code }),
    onSuccess: () => refresh(),
  });
}
