import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { documentRequest } from '../test-fixtures';
import { OverdueBadge } from './OverdueBadge';

describe('OverdueBadge (issue 14: overdue requests are marked)', () => {
  beforeEach(() => {
    // 10 March 2026, 00:30 in Tallinn (still 9 March in UTC): only Date is faked, so nothing else waits on timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-09T22:30:00Z'));
  });

  it('shows a red Overdue badge once the due date has passed in Tallinn, even though the server said not yet', () => {
    render(<OverdueBadge request={documentRequest({ dueDate: '2026-03-09', status: 'requested', overdue: false })} />);
    const badge = screen.getByTestId('overdue');
    expect(badge).toHaveTextContent('Overdue');
    expect(badge.className).toMatch(/bg-red-50/);
  });

  it('says Tähtaeg ületatud in Estonian', async () => {
    await i18n.changeLanguage('et');
    render(<OverdueBadge request={documentRequest({ dueDate: '2026-02-01', status: 'rejected' })} />);
    expect(screen.getByTestId('overdue')).toHaveTextContent('Tähtaeg ületatud');
  });

  it('shows nothing on the due date itself or once the document is delivered', () => {
    const { container } = render(
      <>
        <OverdueBadge request={documentRequest({ dueDate: '2026-03-10', status: 'requested' })} />
        <OverdueBadge request={documentRequest({ dueDate: '2026-03-01', status: 'submitted' })} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
