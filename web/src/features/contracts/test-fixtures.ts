import type { ApplicationListItem } from '@/features/admin-applications/types';
import type { AdminContract, Contract } from './types';

export const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function contract(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 5,
    applicationId: 11,
    userId: 7,
    kind: 'admin',
    title: 'Board member agreement',
    content: 'First line\nSecond line\n\nThird paragraph',
    status: 'pending',
    createdAt: '2025-05-09T10:30:00Z',
    signedAt: null,
    expiresAt: null,
    signatureData: null,
    ...overrides,
  };
}

export const signedEmployment = contract({
  id: 1,
  kind: 'employment',
  title: 'Employment contract',
  status: 'signed',
  createdAt: '2025-05-01T08:00:00Z',
  signedAt: '2025-05-01T08:00:00Z',
  signatureData: SIGNATURE,
});

export function adminContract(overrides: Partial<AdminContract> = {}): AdminContract {
  return {
    ...contract(),
    createdBy: 1,
    user: { fullName: 'Mari Maasikas', username: 'mari', email: 'mari@example.ee' },
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
