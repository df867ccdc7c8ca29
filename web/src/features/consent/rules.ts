import type { User } from '@/types/api';

/** The page where a newer version of a text is accepted (issue 16 "Consent"). */
export const CONSENT_PATH = '/consent';

/** An applicant who has a newly published version of the terms, privacy policy or contract text to accept. */
export function needsConsent(user: Pick<User, 'role' | 'consentRequired'>): boolean {
  return user.role !== 'admin' && user.consentRequired;
}

/** Where the consent page sends the applicant back to once they have accepted. */
export interface ConsentReturn {
  from: string;
}
