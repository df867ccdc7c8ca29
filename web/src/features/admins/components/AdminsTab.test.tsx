import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import i18n from '@/test/i18n';
import { callsTo, json, renderAt, stubFetch } from '@/test/render-list';
import type { AdminAccount } from '../api/admins';
import { adminAccount, adminInvitation } from '../test-fixtures';
import { AdminsTab } from './AdminsTab';

const ADMINS = '/api/admin/admins';
const INVITATIONS = '/api/admin/admin-invitations';

// The signed-in admin of renderAt is id 1 (Ada Admin).
const self = adminAccount();
const kadri = adminAccount({
  id: 2,
  username: 'kadri',
  fullName: 'Kadri Kask',
  email: 'kadri@example.ee',
  lastLoginAt: null,
  secondFactor: false,
});
const gone = adminAccount({ id: 3, username: 'jaan', fullName: 'Jaan Tamm', active: false, deactivatedAt: '2026-06-03T09:00:00Z' });

function api(admins: AdminAccount[], answers: Record<string, (body: unknown) => Response> = {}) {
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const answer = answers[`${method} ${url.pathname}`];
    if (answer) return answer(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
    if (method === 'GET' && url.pathname === ADMINS) return json(200, [...admins]);
    if (method === 'GET' && url.pathname === INVITATIONS) return json(200, [adminInvitation()]);
    return undefined;
  });
}

function row(name: string) {
  const found = screen.getAllByTestId('admin-row').find((element) => within(element).queryByText(name));
  if (!found) throw new Error(`no row of ${name}`);
  return found;
}

describe('Admins tab (issue 15 "Admin management")', { timeout: 20_000 }, () => {
  it('lists the admins: name, e-mail, last sign-in in Tallinn time, second factor and whether active', async () => {
    api([self, kadri, gone]);
    renderAt(<AdminsTab />, '/admin?tab=admins');
    await screen.findByText('Kadri Kask', { selector: 'span' });

    const ada = row('Ada Admin');
    expect(within(ada).getByText('(you)')).toBeInTheDocument();
    expect(within(ada).getByText(formatDateTime(self.lastLoginAt ?? '', 'en'))).toBeInTheDocument();
    expect(formatDateTime(self.lastLoginAt ?? '', 'en')).toMatch(/13:30/); // Europe/Tallinn, summer time
    expect(within(ada).getByTestId('admin-second-factor')).toHaveTextContent('Set up');
    expect(within(ada).queryByRole('button')).not.toBeInTheDocument(); // not on yourself

    const invited = row('Kadri Kask');
    expect(within(invited).getByText('kadri@example.ee')).toBeInTheDocument();
    expect(within(invited).getByText('Never signed in')).toBeInTheDocument();
    expect(within(invited).getByTestId('admin-second-factor')).toHaveTextContent('Not set up');
    expect(within(invited).getByTestId('admin-status')).toHaveTextContent('Active');
    expect(within(invited).getByRole('button', { name: 'Deactivate Kadri Kask' })).toBeInTheDocument();
    expect(within(invited).getByRole('button', { name: 'Reset the second factor of Kadri Kask' })).toBeInTheDocument();

    const deactivated = row('Jaan Tamm');
    expect(within(deactivated).getByTestId('admin-status')).toHaveTextContent('Deactivated');
    expect(within(deactivated).queryByRole('button')).not.toBeInTheDocument();

    const pending = await screen.findByTestId('invitation-row');
    expect(within(pending).getByText('kadri@example.ee')).toBeInTheDocument();
    expect(within(pending).getByText('Estonian')).toBeInTheDocument();
    expect(within(pending).getByText(formatDateTime('2026-06-04T08:00:00Z', 'en'))).toBeInTheDocument();
  });

  it('deactivates an admin only after the confirmation, and shows them deactivated', async () => {
    const user = userEvent.setup();
    const admins = [self, kadri];
    const fetchMock = api(admins, {
      [`POST ${ADMINS}/2/deactivate`]: () => {
        admins[1] = { ...kadri, active: false, deactivatedAt: '2026-06-05T10:00:00Z' };
        return json(200, admins[1]);
      },
    });
    renderAt(<AdminsTab />, '/admin?tab=admins');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Kadri Kask' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate this admin?' });
    expect(dialog).toHaveTextContent('Kadri Kask (kadri@example.ee) is signed out everywhere at once');
    expect(callsTo(fetchMock, 'POST', `${ADMINS}/2/deactivate`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Admin deactivated')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${ADMINS}/2/deactivate`)).toHaveLength(1);
    await waitFor(() => expect(within(row('Kadri Kask')).getByTestId('admin-status')).toHaveTextContent('Deactivated'));
  });

  it('resets a second factor after the confirmation; a refusal is shown in a toast', async () => {
    const user = userEvent.setup();
    const fetchMock = api([self, kadri], {
      [`POST ${ADMINS}/2/reset-second-factor`]: () =>
        json(409, { message: 'The last active admin cannot be deactivated', code: 'last_active_admin', fields: {} }),
    });
    renderAt(<AdminsTab />, '/admin?tab=admins');
    await user.click(await screen.findByRole('button', { name: 'Reset the second factor of Kadri Kask' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset the second factor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Could not reset the second factor')).toBeInTheDocument();
    expect(screen.getByText('The last active admin cannot be deactivated.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${ADMINS}/2/reset-second-factor`)).toHaveLength(1);
  });

  it('invites an admin: the fields are checked first, then name, e-mail and language are sent', async () => {
    const user = userEvent.setup();
    const fetchMock = api([self], {
      [`POST ${INVITATIONS}`]: (body) => json(201, adminInvitation({ ...(body as object), id: 9 })),
    });
    renderAt(<AdminsTab />, '/admin?tab=admins');
    await user.click(await screen.findByRole('button', { name: 'Invite an admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an admin' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(dialog).findByText('Full name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', INVITATIONS)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Full name'), 'John Smith');
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'john@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: 'Language of the e-mail' }));
    await user.click(await screen.findByRole('option', { name: 'Estonian' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', INVITATIONS)[0].body).toEqual({ fullName: 'John Smith', email: 'john@example.com', language: 'et' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server refusal under the e-mail field, and reads in Estonian', async () => {
    await act(() => i18n.changeLanguage('et'));
    const user = userEvent.setup();
    api([self], {
      [`POST ${INVITATIONS}`]: () =>
        json(409, {
          message: 'An account with this email address already exists',
          code: 'email_taken',
          fields: { email: 'An account with this email address already exists' },
          fieldCodes: { email: 'email_taken' },
        }),
    });
    renderAt(<AdminsTab />, '/admin?tab=admins');
    expect(await screen.findByRole('heading', { name: 'Administraatorid' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Kutsu administraator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kutsu administraator' });
    await user.click(within(dialog).getByRole('button', { name: 'Saada kutse' }));
    expect(await within(dialog).findByText('Täisnimi peab olema vähemalt 2 tähemärki')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Täisnimi'), 'Mari Maasikas');
    await user.type(within(dialog).getByLabelText('E-post'), 'mari@example.ee');
    await user.click(within(dialog).getByRole('button', { name: 'Saada kutse' }));
    expect(await within(dialog).findByText('Selle e-posti aadressiga konto on juba olemas.')).toBeInTheDocument();
  });
});
