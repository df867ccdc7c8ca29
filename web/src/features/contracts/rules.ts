import type { Contract, ContractStatus, Profile } from '@/types/api';
import type { EsignMethod } from './api/esign';

/** Spec §4: a contract counts as signed when it has a signedAt date. */
export function isSigned(contract: Pick<Contract, 'signedAt'>): boolean {
  return contract.signedAt !== null;
}

/** Spec §2/§4: signing is offered only from pending or sent (never signed, expired or cancelled). */
export function canSign(contract: Pick<Contract, 'status' | 'signedAt'>): boolean {
  return !isSigned(contract) && (contract.status === 'pending' || contract.status === 'sent');
}

export type ContractBadgeVariant = 'default' | 'destructive' | 'secondary';

/** Spec §4: signed default, expired destructive, the others secondary. */
export function contractStatusVariant(status: ContractStatus | string): ContractBadgeVariant {
  if (status === 'signed') return 'default';
  if (status === 'expired') return 'destructive';
  return 'secondary';
}

/** The PDF of a signed contract (owner or admin). */
export function contractPdfUrl(id: number): string {
  return `/api/contracts/${id}/pdf`;
}

/**
 * Issue 33: the board member's consent for the register and a resignation are signed with eID only (Smart-ID,
 * Mobile-ID, ID-card); the server refuses a drawn or typed signature for them.
 */
export const EID_ONLY_KINDS: readonly string[] = ['board_consent', 'resignation'];

export function eidOnly(contract: Pick<Contract, 'kind'>): boolean {
  return EID_ONLY_KINDS.includes(contract.kind);
}

/** Signed with Smart-ID, Mobile-ID or the ID-card: the contract has an ASiC-E container (.asice). */
export function signedWithEid(contract: Pick<Contract, 'signatureMethod'>): boolean {
  const method = contract.signatureMethod;
  return method === 'smart_id' || method === 'mobile_id' || method === 'id_card';
}

const EID_METHODS: readonly EsignMethod[] = ['smart_id', 'mobile_id', 'id_card'];

function isEidMethod(method: string): method is EsignMethod {
  return (EID_METHODS as readonly string[]).includes(method);
}

/**
 * Issue 34: the eID the applicant registered with (their identity taken from its certificate), or null for a typed
 * registration. Their employment contract is signed with an eID only; the server refuses a drawn or typed one.
 */
export function eidRegisteredMethod(profile: Pick<Profile, 'eidVerifiedMethod'> | undefined): EsignMethod | null {
  const method = profile?.eidVerifiedMethod;
  return method && isEidMethod(method) ? method : null;
}
