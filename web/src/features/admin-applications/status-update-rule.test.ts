import { describe, expect, it } from 'vitest';
import { DEFAULT_REJECT_REASON } from '@/components/ui/application-status-badge';
import { decideStatusUpdate, REJECT_DELAY_MS, rejectBody } from './status-update-rule';

describe('decideStatusUpdate (spec §4 admin update rule)', () => {
  it('sends the new status with the notes when the status changed', () => {
    expect(decideStatusUpdate('pending', 'in_review', 'Documents look fine')).toEqual({
      kind: 'send',
      body: { status: 'in_review', notes: 'Documents look fine' },
    });
  });

  it('sends a changed status without notes as notes: null', () => {
    expect(decideStatusUpdate('in_review', 'approved', '')).toEqual({
      kind: 'send',
      body: { status: 'approved', notes: null },
    });
    expect(decideStatusUpdate('in_review', 'approved', '   \n ')).toEqual({
      kind: 'send',
      body: { status: 'approved', notes: null },
    });
  });

  it('sends the current status with the notes when only notes were filled in', () => {
    expect(decideStatusUpdate('in_review', 'in_review', 'Called the applicant')).toEqual({
      kind: 'send',
      body: { status: 'in_review', notes: 'Called the applicant' },
    });
  });

  it('sends nothing when neither the status changed nor notes were given', () => {
    expect(decideStatusUpdate('pending', 'pending', '')).toEqual({ kind: 'nothing' });
  });

  it('trims the notes, and whitespace-only notes count as none', () => {
    expect(decideStatusUpdate('pending', 'pending', '  \t\n ')).toEqual({ kind: 'nothing' });
    expect(decideStatusUpdate('active', 'active', '  paid in full \n')).toEqual({
      kind: 'send',
      body: { status: 'active', notes: 'paid in full' },
    });
    expect(decideStatusUpdate('active', 'completed', '  handed over  ')).toEqual({
      kind: 'send',
      body: { status: 'completed', notes: 'handed over' },
    });
  });
});

describe('decideStatusUpdate with an internal note (issue 16, What each role sees)', () => {
  it('sends the trimmed internal note beside the note to the applicant, and only when written', () => {
    expect(decideStatusUpdate('pending', 'approved', ' Welcome ', ' Checked the bank ')).toEqual({
      kind: 'send',
      body: { status: 'approved', notes: 'Welcome', internalNote: 'Checked the bank' },
    });
    const withoutInternal = decideStatusUpdate('pending', 'approved', 'Welcome', '  ');
    expect(withoutInternal.kind === 'send' && 'internalNote' in withoutInternal.body).toBe(false);
  });

  it('counts an internal note alone as an update of the current status', () => {
    expect(decideStatusUpdate('in_review', 'in_review', '', 'Called the applicant')).toEqual({
      kind: 'send',
      body: { status: 'in_review', notes: null, internalNote: 'Called the applicant' },
    });
    expect(decideStatusUpdate('in_review', 'in_review', ' ', ' \n ')).toEqual({ kind: 'nothing' });
  });
});

describe('rejectBody (spec §4 reject)', () => {
  it('sends rejected with the typed notes, or the default reason when empty', () => {
    expect(rejectBody('  Not a resident ')).toEqual({ status: 'rejected', notes: 'Not a resident' });
    expect(rejectBody('')).toEqual({ status: 'rejected', notes: 'Application rejected by admin' });
    expect(rejectBody('   ')).toEqual({ status: 'rejected', notes: DEFAULT_REJECT_REASON });
    expect(REJECT_DELAY_MS).toBe(100);
  });
});
