import { describe, expect, it } from 'vitest';
import { canSign, contractStatusVariant, isSigned } from './rules';
import { CONTRACT_STATUSES } from './types';

describe('contract rules (spec §4)', () => {
  it('offers signing for pending and sent only', () => {
    const offered = CONTRACT_STATUSES.filter((status) => canSign({ status, signedAt: null }));
    expect(offered).toEqual(['pending', 'sent']);
  });

  it('never offers signing once a signedAt date exists', () => {
    expect(canSign({ status: 'sent', signedAt: '2025-05-09T10:30:00Z' })).toBe(false);
    expect(isSigned({ signedAt: '2025-05-09T10:30:00Z' })).toBe(true);
    expect(isSigned({ signedAt: null })).toBe(false);
  });

  it('maps statuses to badge variants: signed default, expired destructive, others secondary', () => {
    expect(Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, contractStatusVariant(s)]))).toEqual({
      pending: 'secondary',
      sent: 'secondary',
      signed: 'default',
      expired: 'destructive',
      cancelled: 'secondary',
    });
  });
});
