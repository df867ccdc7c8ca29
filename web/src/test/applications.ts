/** Applications as the admin's applications list answers them, shared by the admin features' tests. */
import type { ApplicationListItem } from '@/types/api';

/** What the admin dialogs' user → application select loads (useUserOptions). */
export { APPLICANT_OPTIONS_URL } from '@/hooks/use-user-options';

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
    ...overrides,
  };
}

function application(id: number, userId: number, fullName: string, createdAt: string): ApplicationListItem {
  return {
    id,
    userId,
    user: { fullName, username: fullName.split(' ')[0].toLowerCase(), email: `${userId}@example.ee`, phone: '+3725550000' },
    profile: {} as ApplicationListItem['profile'],
    status: 'pending',
    createdAt,
  };
}

/** Newest first, like the server: Jaan has two applications, his newest is #30. */
export const applicationOptions: ApplicationListItem[] = [
  application(30, 9, 'Jaan Tamm', '2025-05-10T08:00:00Z'),
  application(21, 7, 'Mari Maasikas', '2025-05-05T08:00:00Z'),
  application(12, 9, 'Jaan Tamm', '2025-04-01T08:00:00Z'),
];
