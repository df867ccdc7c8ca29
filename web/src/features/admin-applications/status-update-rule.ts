import { DEFAULT_REJECT_REASON } from '@/components/ui/application-status-badge';
import type { ApplicationDetail, ApplicationStatus } from '@/types/api';
import type { UpdateStatusInput } from './api/update-application-status';

export type StatusUpdateDecision = { kind: 'send'; body: UpdateStatusInput } | { kind: 'nothing' };

/**
 * The admin update rule of spec §4: a changed status is sent with the notes (if any); an unchanged
 * status is sent only when a note of either kind is filled in; otherwise nothing is sent. Notes are
 * trimmed, and whitespace-only notes count as none. Issue 16, What each role sees: `notes` go to the
 * applicant, `internalNote` (sent only when written) stays with the admins.
 */
export function decideStatusUpdate(
  current: ApplicationStatus,
  selected: ApplicationStatus,
  notes: string,
  internalNote = '',
): StatusUpdateDecision {
  const trimmed = notes.trim();
  const internal = internalNote.trim();
  if (selected === current && !trimmed && !internal) return { kind: 'nothing' };
  const body: UpdateStatusInput = { status: selected, notes: trimmed || null };
  return { kind: 'send', body: internal ? { ...body, internalNote: internal } : body };
}

/** Spec §4, §9: the reject dialog sends after this delay. */
export const REJECT_DELAY_MS = 100;

export function rejectBody(notes: string): UpdateStatusInput {
  return { status: 'rejected', notes: notes.trim() || DEFAULT_REJECT_REASON };
}

/** Completing an application whose company is not handed over yet hands it over (issue 35, Handover gate): the
 * admin names the client, whose compliance case must be approved. */
export function handsOver(status: ApplicationStatus, company: ApplicationDetail['company']): boolean {
  return status === 'completed' && company !== null && company.status !== 'transferred';
}
