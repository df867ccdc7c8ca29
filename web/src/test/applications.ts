/** Applications as the admin's applications list answers them, shared by the admin features' tests. */
import type { ApplicationListItem } from '@/types/api';

export function listItem(id: number, overrides: Partial<ApplicationListItem> = {}): ApplicationListItem {
  return {
    id,
    userId: 100 + id,
    user: { fullName: `Applicant ${id}`, username: `user${id}`, email: `user${id}@example.ee`, phone: '+372 5551 2345' },
    profile: {
      fullName: `Applicant ${id}`,
      email: `user${id}@example.ee`,
      phone: '+372 5551 2345',
      dateOfBirth: '1980-04-12',
      // Masked by the server in lists and pickers (issue 16, What each role sees).
      idCode: `3••••••••${String(id % 100).padStart(2, '0')}`,
      city: 'Tallinn',
      address: null,
    },
    status: 'pending',
    createdAt: '2025-03-14T10:00:00Z',
    updatedAt: '2025-03-14T10:00:00Z',
    assignee: null,
    eidVerification: null,
    ...overrides,
  };
}
