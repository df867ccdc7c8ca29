import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { LiabilityAcknowledgementCard } from './LiabilityAcknowledgementCard';

describe('the liability notice on the applicant\'s file (issue 36)', () => {
  it('says whether and when the current version was acknowledged', async () => {
    stubApi({
      'GET /api/admin/users/7/liability-notice': () =>
        jsonResponse(200, { version: '2026-12-01', acknowledged: true, acknowledgedAt: '2026-12-02T08:30:00Z' }),
      'GET /api/admin/users/8/liability-notice': () =>
        jsonResponse(200, { version: '2026-12-01', acknowledged: false, acknowledgedAt: null }),
    });
    const { unmount } = renderWithProviders(<LiabilityAcknowledgementCard userId={7} />, { user: admin });
    expect(await screen.findByText('Acknowledged')).toBeInTheDocument();
    expect(screen.getByText(/acknowledged the current version \(of 1 December 2026\) on 2 Dec 2026/)).toBeInTheDocument();
    unmount();
    renderWithProviders(<LiabilityAcknowledgementCard userId={8} />, { user: admin });
    expect(await screen.findByText('Not acknowledged')).toBeInTheDocument();
    expect(screen.getByText('The applicant has not acknowledged the current version (of 1 December 2026) yet.')).toBeInTheDocument();
  });
});
