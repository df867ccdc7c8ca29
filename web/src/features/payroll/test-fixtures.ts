import type { PayRun, PayRunLine, PayRunSummary } from '@/types/api';

/** Test data shaped like the payroll service's answers (issue 23). */

export function line(overrides: Partial<PayRunLine> = {}): PayRunLine {
  return {
    id: 101,
    paymentId: 41,
    userId: 7,
    applicationId: 12,
    fullName: 'Mari Maasikas',
    company: { name: 'Nordic Shelf 17 OÜ' },
    period: { start: '2026-10-01', end: '2026-10-31' },
    dueDate: '2026-10-08',
    gross: '500.00',
    pension: '10.00',
    unemploymentInsurance: '0.00',
    incomeTax: '0.00',
    net: '490.00',
    socialTax: '165.00',
    ibanMasked: 'EE38 **** **** **** 5685',
    status: 'ready',
    reason: null,
    ...overrides,
  };
}

const blocked = line({
  id: 102,
  paymentId: 42,
  userId: 8,
  applicationId: 13,
  fullName: 'Jaan Tamm',
  company: { name: 'Southern Shelf 3 OÜ' },
  pension: '0.00',
  incomeTax: '110.00',
  net: '390.00',
  ibanMasked: null,
  status: 'blocked',
  reason: 'no_bank_account',
});

export function payRun(overrides: Partial<PayRun> = {}): PayRun {
  return {
    id: 3,
    payDate: '2026-11-30',
    status: 'draft',
    createdAt: '2026-11-25T08:00:00Z',
    approvedAt: null,
    paidAt: null,
    executionDate: null,
    lines: [line(), blocked],
    totals: {
      gross: '500.00',
      pension: '10.00',
      unemploymentInsurance: '0.00',
      incomeTax: '0.00',
      net: '490.00',
      socialTax: '165.00',
      lineCount: 2,
      blockedCount: 1,
    },
    ...overrides,
  };
}

export function summary(run: PayRun = payRun()): PayRunSummary {
  const { id, payDate, status, createdAt, approvedAt, paidAt, executionDate, totals } = run;
  return { id, payDate, status, createdAt, approvedAt, paidAt, executionDate, totals };
}
