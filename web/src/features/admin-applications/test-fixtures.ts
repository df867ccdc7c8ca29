import { listItem } from '@/test/applications';
import type { ApplicationDetail, ShelfCompany } from '@/types/api';

export { listItem } from '@/test/applications';

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
        internalNote: 'Ask for a clearer ID copy',
        createdAt: '2025-03-15T08:30:00Z',
        changedBy: 1,
      },
    ],
    company: null,
    otherApplications: [],
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
    createdAt: '2025-01-10T09:00:00Z',
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
    createdAt: '2025-01-10T09:00:00Z',
  },
];
