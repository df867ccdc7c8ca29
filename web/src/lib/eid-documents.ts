import { todayInTallinn, toIsoDate } from '@/lib/dates';
import type { Contract } from '@/types/api';

/**
 * The documents signed with eID only (issues 33 and 36): the board member's consent for the Business Register,
 * made when a company is assigned, and the resignation letter to the company's shareholders. They are contracts
 * of their own kinds, signed from the Contracts tab's sign dialog.
 */
export type EidDocumentKind = 'board_consent' | 'resignation';

/** The query parameter of the Contracts tab that opens a contract's sign dialog (?tab=contracts&sign=12). */
export const SIGN_PARAM = 'sign';

/** Where the applicant signs a contract: the Contracts tab with its sign dialog open. */
export function signLink(contractId: number): string {
  return `/dashboard?tab=contracts&${SIGN_PARAM}=${contractId}`;
}

/** The ASiC-E container of a contract signed with eID (owner and admins): what is filed with the register. */
export function contractAsiceUrl(contractId: number): string {
  return `/api/contracts/${contractId}/asice`;
}

export function isAwaitingSignature(contract: Pick<Contract, 'status'>): boolean {
  return contract.status === 'pending' || contract.status === 'sent';
}

/**
 * The newest document of a kind that is not withdrawn (a reassigned company's unsigned consent is cancelled),
 * of one application when ``applicationId`` is given.
 */
export function currentDocument<T extends Pick<Contract, 'kind' | 'status' | 'createdAt' | 'id' | 'applicationId'>>(
  contracts: readonly T[] | undefined,
  kind: EidDocumentKind,
  applicationId?: number,
): T | null {
  const candidates = (contracts ?? []).filter(
    (contract) =>
      contract.kind === kind &&
      contract.status !== 'cancelled' &&
      (applicationId === undefined || contract.applicationId === applicationId),
  );
  candidates.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return candidates[0] ?? null;
}

/** Before the term's last day (or while it is not known) a resignation needs a reason: it is for cause. */
export function resignationNeedsReason(plannedEnd: string | null, today: string = toIsoDate(todayInTallinn())): boolean {
  return plannedEnd === null || today < plannedEnd;
}

export const MAX_RESIGNATION_REASON = 2000;
