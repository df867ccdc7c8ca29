import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { APPLICATION_STATUSES, ApplicationStatusBadge, applicationStatusTone } from './application-status-badge';

describe('ApplicationStatusBadge (spec §4 colours and labels)', () => {
  it('colours approved and completed green, rejected red, active blue and the rest amber', () => {
    expect(Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, applicationStatusTone(s)]))).toEqual({
      pending: 'amber',
      in_review: 'amber',
      approved: 'green',
      rejected: 'red',
      active: 'blue',
      completed: 'green',
    });
    expect(applicationStatusTone('something_new')).toBe('amber');
  });

  it.each([
    ['pending', 'Pending Review', 'Ootab ülevaatust', 'amber'],
    ['in_review', 'In Review', 'Ülevaatamisel', 'amber'],
    ['approved', 'Approved', 'Kinnitatud', 'green'],
    ['rejected', 'Rejected', 'Tagasi lükatud', 'red'],
    ['active', 'Active', 'Aktiivne', 'primary'],
    ['completed', 'Completed', 'Lõpetatud', 'green'],
  ])('%s reads "%s" / "%s" with %s classes', async (status, en, et, colour) => {
    const { unmount } = render(<ApplicationStatusBadge status={status} />);
    const badge = screen.getByText(en);
    expect(badge).toHaveAttribute('data-status', status);
    expect(badge.className).toContain(`bg-${colour}-50`);
    unmount();
    await i18n.changeLanguage('et');
    render(<ApplicationStatusBadge status={status} />);
    expect(screen.getByText(et)).toBeInTheDocument();
  });

  it('shows an unknown status as sent', () => {
    render(<ApplicationStatusBadge status="archived" />);
    expect(screen.getByText('archived')).toBeInTheDocument();
  });
});
