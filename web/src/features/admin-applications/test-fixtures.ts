import type { ApplicationDetail, ApplicationListItem, ShelfCompany } from './types';

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

export function detail(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    ...listItem(5, {
      user: { fullName: 'Mari Maasikas', username: 'mari', email: 'mari@example.ee', phone: '+3725551234' },
      profile: {
        fullName: 'Mari Maasikas',
        email: 'mari@example.ee',
        phone: '+3725551234',
        dateOfBirth: '1980-04-12',
        idCode: '38004120000',
        city: 'Tartu',
        address: 'Rüütli 5',
      },
      status: 'in_review',
    }),
    notes: null,
    adminNotes: null,
    statusUpdates: [
      {
        id: 1,
        oldStatus: 'pending',
        newStatus: 'in_review',
        notes: 'Checking documents',
        createdAt: '2025-03-15T08:30:00Z',
        changedBy: 1,
      },
    ],
    company: null,
    ...overrides,
  };
}

export const companies: ShelfCompany[] = [
  {
    id: 1,
    name: 'Nordic Shelf 17 OÜ',
    registrationCode: '16123456',
    registrationDate: null,
    status: 'available',
    applicationId: null,
    applicantName: null,
    monthlyPayment: 500,
  },
  {
    id: 2,
    name: 'Baltic Holding 3 OÜ',
    registrationCode: '16999999',
    registrationDate: '2025-02-03',
    status: 'assigned',
    applicationId: 9,
    applicantName: 'Jaan Tamm',
    monthlyPayment: 500,
  },
];

/** What the admin dialogs' user → application select loads (useApplicantOptions). */
export const APPLICANT_OPTIONS_URL = '/api/admin/applications?limit=200';

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
