import type { OwnApplication, Payment, Profile } from '@/types/api';

/** Test data shaped like the applications and identity services' answers. */

export const profile: Profile = {
  fullName: 'Mari Maasikas',
  email: 'mari@example.ee',
  phone: '+3725551234',
  dateOfBirth: '1980-04-12',
  idCode: '38004120000',
  city: 'Tallinn',
  address: null,
};

export function ownApplication(overrides: Partial<OwnApplication> = {}): OwnApplication {
  return {
    application: {
      id: 12,
      userId: 7,
      status: 'active',
      notes: null,
      createdAt: '2025-01-10T09:00:00Z',
      user: { fullName: 'Mari Maasikas', username: 'mari', email: 'mari@example.ee', phone: '+3725551234' },
      profile: {
        fullName: 'Mari Maasikas',
        email: 'mari@example.ee',
        phone: '+3725551234',
        dateOfBirth: '1980-04-12',
        idCode: '38004120000',
        city: 'Tallinn',
        address: null,
      },
    },
    statusUpdates: [
      {
        id: 2,
        oldStatus: 'approved',
        newStatus: 'active',
        notes: 'Company registered, welcome aboard',
        createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
      },
      {
        id: 1,
        oldStatus: 'pending',
        newStatus: 'approved',
        notes: null,
        createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      },
    ],
    company: {
      id: 4,
      name: 'Nordic Shelf 17 OÜ',
      registrationCode: '16123456',
      startDate: '2025-02-03',
      endDate: '2025-08-03',
      monthlyPayment: 500,
      status: 'assigned',
    },
    earlierApplications: [],
    ...overrides,
  };
}

function payment(sequence: number, dueDate: string, net: string, status: Payment['status'] = 'scheduled'): Payment {
  return {
    id: 40 + sequence,
    sequence,
    applicationId: 12,
    period: { start: dueDate, end: dueDate },
    dueDate,
    gross: '500.00',
    pension: '10.00',
    unemploymentInsurance: '0.00',
    incomeTax: '0.00',
    net,
    status,
    paidAt: null,
    failureReason: null,
    company: { name: 'Nordic Shelf 17 OÜ' },
    payslipUrl: null,
  };
}

/** GET /api/payments: payroll's schedule (issue 23). */
export const ownPayments: Payment[] = [
  payment(1, '2025-02-10', '490.00'),
  payment(2, '2025-02-28', '382.20'),
  payment(3, '2025-03-31', '490.00', 'cancelled'),
];
