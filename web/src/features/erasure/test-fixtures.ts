import type { ErasureRequest, OwnErasureRequest } from './api/erasure';

export function ownErasureRequest(overrides: Partial<OwnErasureRequest> = {}): OwnErasureRequest {
  return {
    id: '6f1c2d9e-4b7a-4c1e-9a55-0d3e8b7c1a22',
    fullName: 'Mari Maasikas',
    email: 'mari@example.ee',
    reason: 'I no longer want to apply',
    status: 'pending',
    requestedAt: '2026-06-01T21:30:00Z',
    dueDate: '2026-07-02',
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

export function erasureRequest(overrides: Partial<ErasureRequest> = {}): ErasureRequest {
  return { ...ownErasureRequest(), userId: 7, ...overrides };
}
