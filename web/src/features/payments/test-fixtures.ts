import type { Payment, PayoutDetails } from '@/types/api';

/** Test data shaped like the payroll service's answers (issue 23). */

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 41,
    sequence: 1,
    applicationId: 12,
    period: { start: '2026-10-01', end: '2026-10-31' },
    dueDate: '2026-10-08',
    gross: '500.00',
    pension: '10.00',
    unemploymentInsurance: '0.00',
    incomeTax: '0.00',
    net: '490.00',
    status: 'scheduled',
    paidAt: null,
    failureReason: null,
    company: { name: 'Nordic Shelf 17 OÜ' },
    payslipUrl: null,
    ...overrides,
  };
}

export const payoutDetails: PayoutDetails = {
  iban: 'EE38 2200 2210 2014 5685',
  accountHolder: 'Mari Maasikas',
  basicExemption: true,
  pensionRate: 2,
  updatedAt: '2026-10-02T09:15:00Z',
};
