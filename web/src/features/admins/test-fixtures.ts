import type { AdminAccount, AdminInvitation } from './api/admins';

export function adminAccount(overrides: Partial<AdminAccount> = {}): AdminAccount {
  return {
    id: 1,
    username: 'admin',
    fullName: 'Ada Admin',
    email: 'ada@example.ee',
    lastLoginAt: '2026-06-01T10:30:00Z',
    secondFactor: true,
    active: true,
    deactivatedAt: null,
    complianceOfficer: false,
    ...overrides,
  };
}

export function adminInvitation(overrides: Partial<AdminInvitation> = {}): AdminInvitation {
  return {
    id: 3,
    fullName: 'Kadri Kask',
    email: 'kadri@example.ee',
    language: 'et',
    createdAt: '2026-06-02T08:00:00Z',
    expiresAt: '2026-06-04T08:00:00Z',
    ...overrides,
  };
}
