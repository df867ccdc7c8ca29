import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { callsTo, json, renderAt, stubFetch } from '@/test/render-list';
import { EmailPreferencesCard } from './EmailPreferencesCard';

const URL = '/api/email-preferences';

function preferencesApi(initial: { reminders: boolean; statusUpdates: boolean }, put?: (body: unknown) => Response) {
  return stubFetch((url, init) => {
    if (url.pathname !== URL) return undefined;
    if (init?.method === 'PUT') return put ? put(JSON.parse(String(init.body))) : json(200, JSON.parse(String(init.body)));
    return json(200, initial);
  });
}

describe('EmailPreferencesCard (issue 14 "E-mail preferences")', () => {
  it('loads the saved choices and says security e-mails always go', async () => {
    preferencesApi({ reminders: true, statusUpdates: false });
    renderAt(<EmailPreferencesCard />, '/dashboard?tab=profile');
    expect(await screen.findByRole('checkbox', { name: 'Reminders' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Status updates' })).not.toBeChecked();
    expect(screen.getByText('Security e-mails (password reset, e-mail address change) are always sent.')).toBeInTheDocument();
  });

  it('saves a change at once with both choices and confirms it', async () => {
    const user = userEvent.setup();
    const fetchMock = preferencesApi({ reminders: true, statusUpdates: true });
    renderAt(<EmailPreferencesCard />, '/dashboard?tab=profile');
    await user.click(await screen.findByRole('checkbox', { name: 'Reminders' }));

    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', URL).map((call) => call.body)).toEqual([{ reminders: false, statusUpdates: true }]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Reminders' })).not.toBeChecked());
  });

  it('keeps the saved choice and shows the reason when saving fails', async () => {
    const user = userEvent.setup();
    preferencesApi({ reminders: true, statusUpdates: true }, () =>
      json(503, { message: 'Service unavailable', code: 'unavailable', fields: {} }),
    );
    renderAt(<EmailPreferencesCard />, '/dashboard?tab=profile');
    await user.click(await screen.findByRole('checkbox', { name: 'Status updates' }));
    expect(await screen.findByText('Could not save your preferences')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Status updates' })).toBeChecked();
  });

  it('shows an error when the preferences cannot be loaded, in Estonian too', async () => {
    await i18n.changeLanguage('et');
    stubFetch(() => json(500, { message: 'Internal error', code: 'internal_error', fields: {} }));
    renderAt(<EmailPreferencesCard />, '/dashboard?tab=profile');
    expect(await screen.findByText('Eelistuste laadimine ebaõnnestus')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
