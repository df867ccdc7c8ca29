import type { AuditRecord } from './api/get-audit';

export function auditRecord(overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: 41,
    occurredAt: '2026-05-09T10:30:00Z',
    actorId: 1,
    actorName: 'Ada Admin',
    actorRole: 'admin',
    action: 'application.viewed',
    targetType: 'application',
    targetId: '30',
    applicantId: 9,
    applicantName: 'Mari Maasikas',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
    requestId: 'b5c0e1',
    details: {},
    ...overrides,
  };
}
