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
      idCode: `3800412${String(id).padStart(4, '0')}`,
      city: 'Tallinn',
      address: null,
    },
    status: 'pending',
    createdAt: '2025-03-14T10:00:00Z',
    updatedAt: '2025-03-14T10:00:00Z',
    assignee: null,
    ...overrides,
  };
}
