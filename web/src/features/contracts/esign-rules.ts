/** Issue 33: what the sign dialog checks and names when signing with eID. */

/** The outcomes and refusals the dialog names (esign:errors.*): a session's error.code or a 422's field code. */
export const ESIGN_ERRORS = [
  'refused',
  'timeout',
  'wrong_verification_code',
  'account_unusable',
  'not_a_customer',
  'phone_unreachable',
  'sim_error',
  'signer_mismatch',
  'certificate_revoked',
  'certificate_not_qualified',
  'certificate_untrusted',
  'certificate_invalid',
  'invalid_signature_value',
  'unavailable',
  'conflict',
] as const;
export type EsignErrorCode = (typeof ESIGN_ERRORS)[number];

/** An Estonian mobile number as Mobile-ID takes it: +372 and 7 or 8 digits (spaces are dropped). */
export const ESTONIAN_MOBILE = /^\+372\d{7,8}$/;

export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function knownEsignError(code: string | null | undefined): code is EsignErrorCode {
  return typeof code === 'string' && (ESIGN_ERRORS as readonly string[]).includes(code);
}
