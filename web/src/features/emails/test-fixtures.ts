import type { SentEmail } from '@/types/api';

export function sentEmail(overrides: Partial<SentEmail> = {}): SentEmail {
  return {
    id: 5,
    userId: 7,
    template: 'welcome',
    address: 'mari@example.ee',
    language: 'et',
    subject: 'Tere tulemast, Mari Maasikas!',
    status: 'sent',
    attempts: 1,
    lastError: null,
    nextAttemptAt: '2026-05-09T10:30:00Z',
    sentAt: '2026-05-09T10:32:05Z',
    createdAt: '2026-05-09T10:30:00Z',
    ...overrides,
  };
}
