import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '@/components/ui/application-status-badge';
import { resources } from '@/test/i18n';
import { statusHintKey } from './status-hint';

describe('statusHintKey (issue 37: the status text follows what is true)', () => {
  it('tells an approved application with a company from one still waiting for it', () => {
    expect(statusHintKey('approved', true)).toBe('approvedWithCompany');
    expect(statusHintKey('approved', false)).toBe('approved');
    expect(statusHintKey('active', false)).toBe('activeWithoutCompany');
    expect(statusHintKey('active', true)).toBe('active');
  });

  it.each(['en', 'et'])('has a text in %s for every status with and without a company', (language) => {
    const hints = (resources[language].dashboard as { application: { statusHints: Record<string, string> } }).application.statusHints;
    for (const status of APPLICATION_STATUSES) {
      for (const hasCompany of [true, false]) expect(hints[statusHintKey(status, hasCompany)]).toBeTruthy();
    }
  });
});
