import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownApplication, profile } from '@/features/dashboard/test-fixtures';
import { applicant, jsonResponse, renderRoute, stubApi } from '@/test/render';

describe('Applicant dashboard (spec §2)', () => {
  it('greets by full name, opens the application tab and offers four tabs', async () => {
    stubApi({
      'GET /api/application': () => jsonResponse(200, ownApplication()),
      'GET /api/profile': () => jsonResponse(200, profile),
      'GET /api/contracts': () => jsonResponse(200, []),
      'GET /api/documents': () => jsonResponse(200, []),
      'GET /api/document-requests': () => jsonResponse(200, []),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard', { user: applicant });
    expect(screen.getByRole('heading', { name: 'Welcome, Mari Maasikas' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Application', 'Documents', 'Contracts', 'Profile']);
    expect(screen.getByRole('tab', { name: 'Application' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Nordic Shelf 17 OÜ')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Contracts' }));
    expect(await screen.findByText('No contracts yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });
});
