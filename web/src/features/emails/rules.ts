import type { SentEmail } from '@/types/api';

/** Only an e-mail that is no longer waiting can be sent again (the server answers 409 otherwise). */
export function canResend(email: Pick<SentEmail, 'status'>): boolean {
  return email.status === 'sent' || email.status === 'failed';
}
