import type { AdminContract, Contract, Profile } from '@/types/api';

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

/** The signer as GET /api/profile answers (issue 13: the sign dialog shows their name and ID code). */
export const signerProfile: Profile = {
  fullName: 'Tõnu Šärž-Müür',
  email: 'tonu@example.ee',
  phone: '+3725551234',
  dateOfBirth: '1980-04-12',
  idCode: '38004120009',
  city: 'Tallinn',
  address: null,
};
