import { DEFAULT_REJECT_REASON } from '@/components/ui/application-status-badge';
import type { ApplicationStatus } from '@/types/api';
import type { UpdateStatusInput } from './api/update-application-status';

export type StatusUpdateDecision = { kind: 'send'; body: UpdateStatusInput } | { kind: 'nothing' };

/**
 * The admin update rule of spec §4: a changed status is sent with the notes (if any); an unchanged
 * status is sent only when notes are filled in; otherwise nothing is sent. Notes are trimmed, and
 * whitespace-only notes count as none.
 */
export function decideStatusUpdate(
  current: ApplicationStatus,
  selected: ApplicationStatus,
  notes: string,
): StatusUpdateDecision {
  const trimmed = notes.trim();
  if (selected !== current) return { kind: 'send', body: { status: selected, notes: trimmed || null } };
  if (trimmed) return { kind: 'send', body: { status: current, notes: trimmed } };
  return { kind: 'nothing' };
}

/** Spec §4, §9: the reject dialog sends after this delay. */
export const REJECT_DELAY_MS = 100;

export function rejectBody(notes: string): UpdateStatusInput {
  return { status: 'rejected', notes: notes.trim() || DEFAULT_REJECT_REASON };
}
