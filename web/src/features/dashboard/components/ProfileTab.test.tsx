import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { ownApplication, profile } from '../test-fixtures';
import { ProfileTab } from './ProfileTab';

function value(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

function puts(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
}

function toastElement(title: string) {
  return screen.getByText(title).closest('[data-variant]');
}

describe('Profile tab (spec §2, §5)', () => {
  it('shows the profile read-only, with "Not provided" for an empty address', async () => {
    stubApi({ 'GET /api/profile': () => jsonResponse(200, profile) });
    renderWithProviders(<ProfileTab />, { user: applicant });
    expect(await screen.findByText('Mari Maasikas')).toBeInTheDocument();
    expect(value('Email')).toBe('mari@example.ee');
    expect(value('Phone')).toBe('+3725551234');
    expect(value('City')).toBe('Tallinn');
    expect(value('Date of birth')).toBe('12 April 1980');
    expect(value('ID code')).toBe('38004120000');
    expect(value('Address')).toBe('Not provided');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says "Not provided" when the date of birth is empty', async () => {
    stubApi({ 'GET /api/profile': () => jsonResponse(200, { ...profile, dateOfBirth: null, address: 'Narva mnt 1' }) });
    renderWithProviders(<ProfileTab />, { user: applicant });
    await screen.findByText('Mari Maasikas');
    expect(value('Date of birth')).toBe('Not provided');
    expect(value('Address')).toBe('Narva mnt 1');
  });

  it('makes only city, ID code and address editable; cancel reverts without sending', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'GET /api/profile': () => jsonResponse(200, profile) });
    renderWithProviders(<ProfileTab />, { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));

    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(3);
    expect(screen.getByLabelText('City')).toHaveValue('Tallinn');
    expect(screen.getByLabelText('ID code')).toHaveValue('38004120000');
    expect(screen.getByLabelText('Address')).toHaveValue('');
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(value('Full name')).toBe('Mari Maasikas');

    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Tartu');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(value('City')).toBe('Tallinn');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('City')).toHaveValue('Tallinn');
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('shows "Invalid ID Code" and sends nothing when a changed ID code breaks the format', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'GET /api/profile': () => jsonResponse(200, profile) });
    renderWithProviders(<ProfileTab />, { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const idCode = screen.getByLabelText('ID code');
    await user.clear(idCode);
    await user.type(idCode, '78004120000'); // first digit 7
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Invalid ID Code')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid Estonian ID code (11 digits starting with 1-6).')).toBeInTheDocument();
    expect(toastElement('Invalid ID Code')).toHaveAttribute('data-variant', 'destructive');
    expect(idCode).toHaveAccessibleDescription('First digit must be between 1 and 6');
    expect(puts(fetchMock)).toHaveLength(0);

    await user.clear(idCode);
    await user.type(idCode, '3800412'); // too short
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('saves the edited profile, toasts and refreshes the profile and application queries', async () => {
    const user = userEvent.setup();
    let saved = profile;
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubApi({
      'GET /api/profile': () => jsonResponse(200, saved),
      'PUT /api/profile': (init) => {
        saved = { ...profile, ...(JSON.parse(String(init?.body)) as object) };
        return new Promise<Response>((resolve) => (answer = resolve));
      },
      'GET /api/application': () => jsonResponse(200, ownApplication()),
    });
    const { queryClient } = renderWithProviders(<ProfileTab />, { user: applicant });
    queryClient.setQueryData(['/api/application'], ownApplication());
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), '  Tartu ');
    await user.type(screen.getByLabelText('Address'), 'Rüütli 5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(puts(fetchMock)).toEqual([{ ...profile, city: 'Tartu', address: 'Rüütli 5' }]);
    answer(jsonResponse(200, saved));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    await waitFor(() => expect(value('City')).toBe('Tartu'));
    expect(value('Address')).toBe('Rüütli 5');
    // The profile is fetched again and the application (whose copy of the profile follows) is invalidated.
    const profileGets = () => fetchMock.mock.calls.filter(([input, init]) => input === '/api/profile' && !init?.method);
    await waitFor(() => expect(profileGets()).toHaveLength(2));
    expect(queryClient.getQueryState(['/api/application'])?.isInvalidated).toBe(true);
  });

  it.each([
    ['3800412000', 'Estonian ID code must be 11 digits'],
    ['38013120000', 'Invalid date in ID code'],
    ['38004120001', 'Invalid checksum in ID code'],
  ])('names the rule a changed ID code %s breaks under the field and sends nothing (spec §5)', async (code, text) => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'GET /api/profile': () => jsonResponse(200, profile) });
    renderWithProviders(<ProfileTab />, { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('ID code'));
    await user.type(screen.getByLabelText('ID code'), code);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Invalid ID Code')).toBeInTheDocument();
    expect(screen.getByLabelText('ID code')).toHaveAccessibleDescription(text);
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('refuses a changed ID code with another birth date than the profile\'s and sends nothing (issue 13)', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'GET /api/profile': () => jsonResponse(200, profile) });
    renderWithProviders(<ProfileTab />, { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('ID code'));
    await user.type(screen.getByLabelText('ID code'), '37605030299'); // valid, born 1976-05-03; profile 1980-04-12
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Invalid ID Code')).toBeInTheDocument();
    expect(screen.getByLabelText('ID code')).toHaveAccessibleDescription('The ID code must carry your date of birth');
    expect(puts(fetchMock)).toHaveLength(0);
    await act(() => i18n.changeLanguage('et'));
    expect(screen.getByLabelText('Isikukood')).toHaveAccessibleDescription('Isikukood peab sisaldama teie sünniaega');
  });

  it('keeps the form and shows "Update Failed" with the server message on failure', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/profile': () => jsonResponse(200, profile),
      'PUT /api/profile': () =>
        jsonResponse(409, {
          message: 'An account with this ID code already exists',
          code: 'id_code_taken',
          fields: { idCode: 'An account with this ID code already exists' },
          fieldCodes: { idCode: 'id_code_taken' },
        }),
    });
    renderWithProviders(<ProfileTab />, { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('ID code'));
    await user.type(screen.getByLabelText('ID code'), '48004120016'); // born 1980-04-12, as the profile
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(toastElement('Update Failed')).toHaveAttribute('data-variant', 'destructive');
    expect(within(toastElement('Update Failed') as HTMLElement).getByText('An account with this ID code already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('ID code')).toHaveValue('48004120016');
    expect(screen.getByLabelText('ID code')).toHaveAccessibleDescription('An account with this ID code already exists.');
    // The error under the field follows the reader's language (issue 12), like the toast beside it.
    await act(() => i18n.changeLanguage('et'));
    expect(screen.getByLabelText('Isikukood')).toHaveAccessibleDescription('Selle isikukoodiga konto on juba olemas.');
  });

  it('uses the default failure text when the server gives no message', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/profile': () => jsonResponse(200, profile),
      'PUT /api/profile': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    renderWithProviders(<ProfileTab />, { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('There was a problem updating your profile. Please try again.')).toBeInTheDocument();
  });

  it('shows the not-found card when there is no profile', async () => {
    stubApi({ 'GET /api/profile': () => jsonResponse(401, { message: 'Not signed in', code: 'not_authenticated' }) });
    renderWithProviders(<ProfileTab />, { user: applicant });
    expect(await screen.findByText('Profile information not found. Please contact support.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
