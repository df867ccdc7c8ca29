import { errorCodeKey } from '@/lib/api-client';

/**
 * Issue 13, "Signer identity": the employment contract is signed by the person registering, so the typed name
 * is the form's full name and the typed ID code the form's ID code. identity checks the same on the server
 * (same_name in services/identity/identity/schemas.py) and answers with these codes.
 */
export const SIGNATURE_ERRORS = {
  name: errorCodeKey('contract_name_mismatch'),
  idCode: errorCodeKey('contract_id_code_mismatch'),
} as const;

function plainName(name: string): string {
  return name.normalize('NFC').trim().split(/\s+/).join(' ').toLowerCase();
}

/** Names as a person retypes them: case and runs of spaces do not count, letters do (õ is not o). */
export function sameName(typed: string, expected: string): boolean {
  return plainName(typed) === plainName(expected);
}

export function sameIdCode(typed: string, expected: string): boolean {
  return typed.trim() === expected.trim();
}

/** What is wrong with a signature made as `signer`, or null when it is theirs. */
export function signatureError(
  signed: { name: string; idCode: string },
  signer: { name: string; idCode: string },
): string | null {
  if (!sameName(signed.name, signer.name)) return SIGNATURE_ERRORS.name;
  if (!sameIdCode(signed.idCode, signer.idCode)) return SIGNATURE_ERRORS.idCode;
  return null;
}
