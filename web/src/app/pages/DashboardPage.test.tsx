import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownApplication, profile } from '@/features/dashboard/test-fixtures';
import i18n from '@/test/i18n';
import { admin, applicant, jsonResponse, renderRoute, stubApi } from '@/test/render';

// The first test opens every tab, so it loads each lazy tab's code for the first time: slow on a busy machine.
describe('Applicant dashboard (spec §2)', () => {
  it('greets by full name, opens the application tab and offers five tabs', async () => {
    stubApi({
      'GET /api/application': () => jsonResponse(200, ownApplication()),
      'GET /api/payments': () => jsonResponse(200, []),
      'GET /api/payout-details': () => jsonResponse(404, { message: 'No bank details yet', code: 'payout_details_missing', fields: {} }),
      'GET /api/profile': () => jsonResponse(200, profile),
      'GET /api/contracts': () => jsonResponse(200, []),
      'GET /api/documents': () => jsonResponse(200, []),
      'GET /api/document-requests': () => jsonResponse(200, []),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard', { user: applicant });
    expect(screen.getByRole('heading', { name: 'Welcome, Mari Maasikas' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Application', 'Documents', 'Contracts', 'Payments', 'Profile']);
    expect(screen.getByRole('tab', { name: 'Application' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Nordic Shelf 17 OÜ')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Contracts' }));
    expect(await screen.findByText('No contracts yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('opens the tab an e-mail links to (?tab=documents) and keeps the URL in step with the tab (issue 14)', async () => {
    stubApi({
      'GET /api/application': () => jsonResponse(200, ownApplication()),
      'GET /api/profile': () => jsonResponse(200, profile),
      'GET /api/documents': () => jsonResponse(200, []),
      'GET /api/document-requests': () => jsonResponse(200, []),
      'GET /api/email-preferences': () => jsonResponse(200, { reminders: true, statusUpdates: false }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard?tab=documents', { user: applicant });
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(router.state.location.search).toBe('?tab=profile');
    expect(await screen.findByRole('checkbox', { name: 'Status updates' })).not.toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Application' }));
    expect(router.state.location.search).toBe('');
  });

  it('falls back to the application tab for an unknown ?tab=', () => {
    stubApi({ 'GET /api/application': () => jsonResponse(200, ownApplication()) });
    renderRoute('/dashboard?tab=nope', { user: applicant });
    expect(screen.getByRole('tab', { name: 'Application' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe("An admin's own Dashboard link (issue 37: it led to 'Could not load application')", { timeout: 15_000 }, () => {
  it('shows the staff account and the way to the admin dashboard, without an error card or an application call', async () => {
    const fetchMock = stubApi({
      'GET /api/application': () => jsonResponse(404, { message: 'No application', code: 'not_found' }),
      'GET /api/second-factor': () => jsonResponse(200, { totp: true, required: true, recoveryCodesLeft: 8 }),
      'GET /api/passkeys': () => jsonResponse(200, []),
    });
    renderRoute('/dashboard', { user: admin });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the admin dashboard' })).toHaveAttribute('href', '/admin');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByText('Could not load application')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Application' })).not.toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls).not.toContain('/api/application');
  });

  it('reads in Estonian', async () => {
    await i18n.changeLanguage('et');
    stubApi({});
    renderRoute('/dashboard', { user: { ...admin, language: 'et' } });
    expect(await screen.findByRole('link', { name: 'Ava administraatori töölaud' })).toBeInTheDocument();
    expect(screen.getByText(/Administraatoril ei ole oma taotlust/)).toBeInTheDocument();
  });
});
