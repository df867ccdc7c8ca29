import type { ApplicationStatus } from '@/types/api';

/**
 * The key (dashboard:application.statusHints.*) of the line under the status badge. It says what is true now:
 * an approved application whose company is already assigned no longer says a company will be assigned, and an
 * active one without a company on record does not point to a payment schedule that is not there.
 */
export function statusHintKey(status: ApplicationStatus, hasCompany: boolean): string {
  if (status === 'approved' && hasCompany) return 'approvedWithCompany';
  if (status === 'active' && !hasCompany) return 'activeWithoutCompany';
  return status;
}
