import { useTranslation } from 'react-i18next';
import type { ApplicationStatus } from '@/types/api';
import { Badge, type BadgeTone } from './badge';

/** Application statuses of spec §4, in their natural order (the API's own union is ApplicationStatus). */
export const APPLICATION_STATUSES = [
  'pending',
  'in_review',
  'approved',
  'rejected',
  'active',
  'completed',
] as const satisfies readonly ApplicationStatus[];

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

/** Spec §4: approved and completed green, rejected red, active blue, the rest amber. */
export function applicationStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'approved':
    case 'completed':
      return 'green';
    case 'rejected':
      return 'red';
    case 'active':
      return 'blue';
    default:
      return 'amber';
  }
}

/** The translated label of a status ('Pending Review', 'Ülevaatamisel', ...); unknown values as sent. */
export function useApplicationStatusLabel() {
  const { t } = useTranslation('applications');
  return (status: string) => (isApplicationStatus(status) ? t(`status.${status}`) : status);
}

/**
 * Spec §4: the reason recorded when the admin rejects without notes. It is sent and stored verbatim and
 * doubles as its code, so each reader sees it in their own language (issue 12).
 */
export const DEFAULT_REJECT_REASON = 'Application rejected by admin';

/** Status-change notes as a reader sees them: typed notes as written, the default reason translated. */
export function useStatusNotesText() {
  const { t } = useTranslation('applications');
  return (notes: string) => (notes === DEFAULT_REJECT_REASON ? t('defaultRejectReason') : notes);
}

export function ApplicationStatusBadge({ status, className }: { status: string; className?: string }) {
  const label = useApplicationStatusLabel();
  return (
    <Badge tone={applicationStatusTone(status)} className={className} data-status={status}>
      {label(status)}
    </Badge>
  );
}
