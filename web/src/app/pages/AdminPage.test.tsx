import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { admin, jsonResponse, renderRoute, stubApi } from '@/test/render';

// The Applications tab belongs to another feature; here only the frame around it is under test.
vi.mock('@/features/admin-applications', () => ({
  AdminApplicationsTab: () => <p>applications tab</p>,
  ApplicationDetailPage: () => <p>application detail</p>,
}));

describe('AdminPage (spec §2 admin panel)', () => {
  it('shows title, subtitle and four tabs with applications as the default', async () => {
    stubApi({});
    renderRoute('/admin', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Review applications, documents, contracts and messages.')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Applications', 'Documents', 'Contracts', 'Messages']);
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('applications tab')).toBeInTheDocument();
  });

  it('opens the tab named in ?tab= and records tab changes in the URL', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/messages': () => jsonResponse(200, []),
      'GET /api/admin/contracts': () => jsonResponse(200, []),
      'GET /api/admin/documents': () => jsonResponse(200, []),
    });
    const { router } = renderRoute('/admin?tab=messages', { user: admin });
    expect(await screen.findByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(router.state.location.search).toBe('?tab=documents');
    expect(await screen.findByText('Documents uploaded by applicants appear here for review.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Contracts' }));
    expect(await screen.findByText('No contracts yet')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(router.state.location.search).toBe('');
  });

  it('falls back to applications for an unknown ?tab=', async () => {
    stubApi({});
    renderRoute('/admin?tab=nope', { user: admin });
    expect(await screen.findByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
  });
});
