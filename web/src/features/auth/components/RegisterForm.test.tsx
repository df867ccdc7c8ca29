import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { RegisterForm } from './RegisterForm';

const VALID = {
  Username: 'mari',
  'Full name': 'Mari Maasikas',
  'E-mail': 'mari@example.ee',
  Phone: '+3725551234',
  'Date of birth': '03.05.1976', // the date ID code 37605030299 carries (issue 13), typed day first (issue 18)
  'Estonian ID code': '37605030299',
  City: 'Tallinn',
  Password: 'secret123',
  'Confirm password': 'secret123',
};

function fill(values: Partial<Record<keyof typeof VALID, string>>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account and apply' }));

async function signContract(user: ReturnType<typeof userEvent.setup>, name = 'Mari Maasikas', idCode = '37605030299') {
  await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the employment contract' }));
  const dialog = await screen.findByRole('dialog');
  const nameInput = within(dialog).getByLabelText('Full name');
  await user.clear(nameInput);
  await user.type(nameInput, name);
  const idInput = within(dialog).getByLabelText('Estonian ID number');
  await user.clear(idInput);
  await user.type(idInput, idCode);
  await user.click(within(dialog).getByRole('checkbox', { name: 'I have read the employment contract and accept its terms.' }));
  await user.click(within(dialog).getByRole('button', { name: 'Sign Digitally' }));
}

beforeEach(() => {
  // Only Date is faked, so user-event's timers still run. "Today" in Tallinn is 15 June 2025.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('RegisterForm validation (spec §5 register rules)', () => {
  it('gives every control a visible label in the current language', () => {
    renderWithProviders(<RegisterForm />);
    for (const label of Object.keys(VALID)) expect(screen.getByLabelText(label)).toBeInTheDocument();
    // Issue 18: not the browser's date input (mm/dd/yyyy in an American browser), a day-first text field.
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms of service' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
  }, 15_000); // the file's first render, which also loads the modules

  it('reads the date of birth as dd.mm.yyyy in Estonian, with the age rule\'s message unchanged (issue 18)', async () => {
    await i18n.changeLanguage('et');
    renderWithProviders(<RegisterForm />);
    const field = screen.getByLabelText('Sünnikuupäev');
    expect(field).toHaveAttribute('placeholder', 'pp.kk.aaaa');
    expect(screen.getByRole('button', { name: 'Vali sünnikuupäev kalendrist' })).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '16.06.2004' } }); // 21 tomorrow
    fireEvent.click(screen.getByRole('button', { name: 'Loo konto ja kandideeri' }));
    expect(await screen.findByText('Kandideerimiseks peate olema vähemalt 21-aastane')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '15.06.2004' } }); // 21 today
    await waitFor(() => expect(screen.queryByText('Kandideerimiseks peate olema vähemalt 21-aastane')).not.toBeInTheDocument());
    expect(field).toHaveValue('15.06.2004');
  });

  it('shows every rule message of spec §5 for an empty form', async () => {
    renderWithProviders(<RegisterForm />);
    submit();
    for (const message of [
      'Username must be at least 4 characters',
      'Full name must be at least 2 characters',
      'Please enter a valid email address',
      'Phone number must be at least 7 characters',
      'You must be at least 21 years old to apply',
      'Estonian ID code must be 11 digits',
      'Please enter your city of residence',
      'Password must be at least 8 characters',
      'You must agree to the terms to continue',
      'You must agree to the privacy policy to continue',
      'You must read and accept the employment contract to continue',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username must be at least 4 characters');
  });

  it('applies the length limits exactly', async () => {
    renderWithProviders(<RegisterForm />);
    fill({ Username: 'abc', 'Full name': 'M', Phone: '123456', City: 'T', Password: '1234567' });
    submit();
    expect(await screen.findByText('Username must be at least 4 characters')).toBeInTheDocument();
    fill({ Username: 'abcd', 'Full name': 'Mo', Phone: '1234567', City: 'Tu', Password: '12345678', 'Confirm password': '12345678' });
    submit();
    await waitFor(() => expect(screen.queryByText('Username must be at least 4 characters')).not.toBeInTheDocument());
    expect(screen.queryByText('Full name must be at least 2 characters')).not.toBeInTheDocument();
    expect(screen.queryByText('Phone number must be at least 7 characters')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter your city of residence')).not.toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();
  });

  it("shows 'Passwords don't match' on the confirm field", async () => {
    renderWithProviders(<RegisterForm />);
    fill({ Password: 'secret123', 'Confirm password': 'secret124' });
    submit();
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription("Passwords don't match");
  });

  it.each([
    ['3760503029', 'Estonian ID code must be 11 digits', 'Eesti isikukood peab koosnema 11 numbrist'],
    ['77605030299', 'First digit must be between 1 and 6', 'Esimene number peab olema vahemikus 1 kuni 6'],
    ['37602300292', 'Invalid date in ID code', 'Isikukoodis on vigane kuupäev'],
    ['37605030290', 'Invalid checksum in ID code', 'Isikukoodi kontrollnumber on vale'],
  ])('refuses ID code %s with the message of the rule it breaks (spec §5), in both languages', async (code, en, et) => {
    renderWithProviders(<RegisterForm />);
    fill({ 'Estonian ID code': code });
    submit();
    expect(await screen.findByText(en)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('et'));
    expect(await screen.findByText(et)).toBeInTheDocument();
  });

  it('shows the server\'s field errors in the reader\'s language by their codes (issue 12)', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/register': () =>
        jsonResponse(409, {
          message: 'This username is already taken',
          code: 'username_taken',
          fields: { username: 'This username is already taken' },
          fieldCodes: { username: 'username_taken' },
        }),
    });
    renderWithProviders(<RegisterForm />);
    fill(VALID);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
    await signContract(user);
    submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This username is already taken.'),
    );
    await act(() => i18n.changeLanguage('et'));
    expect(screen.getByLabelText('Kasutajanimi')).toHaveAccessibleDescription('See kasutajanimi on juba kasutusel.');
    expect(screen.queryByText('This username is already taken')).not.toBeInTheDocument();
  });

  it('says account_exists for the whole form, naming neither the e-mail nor the ID code (issue 37)', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/register': () =>
        jsonResponse(409, {
          message: 'An account with these details may already exist. Sign in or reset your password.',
          code: 'account_exists',
          fields: {},
        }),
    });
    renderWithProviders(<RegisterForm />);
    fill(VALID);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
    await signContract(user);
    submit();
    const form = screen.getByRole('form', { name: 'Create your account' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'An account with these details may already exist. Sign in or reset your password.',
    );
    for (const label of ['E-mail', 'Estonian ID code', 'Username']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'false');
    }
    await act(() => i18n.changeLanguage('et'));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Nende andmetega konto võib juba olemas olla. Logige sisse või lähtestage parool.',
    );
  });

  it('refuses a date of birth other than the ID code\'s, in both languages (issue 13)', async () => {
    renderWithProviders(<RegisterForm />);
    fill({ 'Estonian ID code': '50512016219', 'Date of birth': '1990-12-01' }); // the example
    submit();
    expect(await screen.findByText('Date of birth does not match the ID code')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Date of birth does not match the ID code');
    await act(() => i18n.changeLanguage('et'));
    expect(await screen.findByText('Sünniaeg ei vasta teie isikukoodile')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));

    // The code's own date: the age rule of spec §5 then speaks (born 1 December 2005, 19 on 15 June 2025).
    fill({ 'Date of birth': '2005-12-01' });
    await waitFor(() => expect(screen.queryByText('Date of birth does not match the ID code')).not.toBeInTheDocument());
    expect(screen.getByText('You must be at least 21 years old to apply')).toBeInTheDocument();
  });

  it('counts age by the exact birthday: 21 today is accepted, 21 tomorrow is refused', async () => {
    renderWithProviders(<RegisterForm />);
    fill({ 'Date of birth': '2004-06-16' });
    submit();
    expect(await screen.findByText('You must be at least 21 years old to apply')).toBeInTheDocument();

    fill({ 'Date of birth': '2004-06-15' });
    await waitFor(() => expect(screen.queryByText('You must be at least 21 years old to apply')).not.toBeInTheDocument());
  });
});

describe('RegisterForm contract and submission (spec §2 auth screen, §7, §8)', () => {
  it('signing the contract ticks the box, shows a toast; unticking needs no dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    fill({ 'Full name': 'Mari Maasikas', 'Estonian ID code': '37605030299' });
    const box = screen.getByRole('checkbox', { name: 'I have read and accept the employment contract' });

    await signContract(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).toBeChecked();
    expect(screen.getByText('Contract signed')).toBeInTheDocument();
    expect(screen.getByText('Signed digitally by Mari Maasikas')).toBeInTheDocument();

    await user.click(box);
    expect(box).not.toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Sign Digitally disabled for a name or ID code other than the form\'s (issue 13)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    fill(VALID);
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the employment contract' }));
    const dialog = await screen.findByRole('dialog');
    const sign = within(dialog).getByRole('button', { name: 'Sign Digitally' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read the employment contract and accept its terms.' }));
    expect(sign).toBeEnabled(); // prefilled with the form's name and ID code

    const name = within(dialog).getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Someone Else Entirely');
    expect(sign).toBeDisabled();
    expect(within(dialog).getByText('The name must be the same as the full name in the registration form')).toBeInTheDocument();
    const idCode = within(dialog).getByLabelText('Estonian ID number');
    await user.clear(idCode);
    await user.type(idCode, '123');
    expect(within(dialog).getByText('The ID code must be the same as in the registration form')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'mari  MAASIKAS');
    await user.clear(idCode);
    await user.type(idCode, '37605030299');
    expect(sign).toBeEnabled();
  });

  it('a name changed in the form after signing asks for the contract again and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/register': () => jsonResponse(201, applicant) });
    renderWithProviders(<RegisterForm />);
    fill(VALID);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
    await signContract(user);
    fill({ 'Full name': 'Someone Else Entirely' });
    submit();

    const box = screen.getByRole('checkbox', { name: 'I have read and accept the employment contract' });
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(expect.stringContaining('The name must be the same as the full name in the registration form')),
    );
    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/register')).toHaveLength(0);
  });

  it('shows the server\'s refusal of the signature under the contract box (issue 13)', async () => {
    const user = userEvent.setup();
    const text = 'The ID code must be the same as in the registration form';
    stubApi({
      'POST /api/register': () =>
        jsonResponse(422, {
          message: text,
          code: 'validation_error',
          fields: { contractSignedIdCode: text },
          fieldCodes: { contractSignedIdCode: 'contract_id_code_mismatch' },
        }),
    });
    renderWithProviders(<RegisterForm />);
    fill(VALID);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
    await signContract(user);
    submit();

    expect(await screen.findByText(text)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('et'));
    expect(await screen.findByText('Isikukood peab olema sama mis registreerimisvormil')).toBeInTheDocument();
  });

  it('closing the dialog without signing leaves the box unticked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    const box = screen.getByRole('checkbox', { name: 'I have read and accept the employment contract' });
    await user.click(box);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(box).not.toBeChecked();
  });

  it('posts the full payload with the signed name, ID and UI language, then goes to /dashboard', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/register': () => jsonResponse(201, applicant) });
    const { router, queryClient } = renderWithProviders(<RegisterForm />);
    fill(VALID);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
    await signContract(user, 'Mari Maasikas', '37605030299');
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requestBody(fetchMock, '/api/register')).toEqual({
      username: 'mari',
      password: 'secret123',
      confirmPassword: 'secret123',
      fullName: 'Mari Maasikas',
      email: 'mari@example.ee',
      phone: '+3725551234',
      dateOfBirth: '1976-05-03',
      idCode: '37605030299',
      city: 'Tallinn',
      consentTerms: true,
      consentPrivacy: true,
      employmentContract: true,
      contractSignedName: 'Mari Maasikas',
      contractSignedIdCode: '37605030299',
      language: 'en',
    });
    expect(queryClient.getQueryData(['/api/user'])).toEqual(applicant);
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created and application submitted!')).toBeInTheDocument();
  });

  it('shows 422 field errors under their fields and a failure toast', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/register': () =>
        jsonResponse(422, {
          message: 'Invalid input',
          code: 'validation_error',
          fields: { email: 'This e-mail domain is not accepted' },
        }),
    });
    renderWithProviders(<RegisterForm />);
    fill(VALID);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
    await signContract(user);
    submit();

    expect(await screen.findByText('This e-mail domain is not accepted')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('This e-mail domain is not accepted');
    expect(screen.getByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Please check the highlighted fields.')).toBeInTheDocument();
  });

  it('puts a 409 username_taken under the username', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/register': () => jsonResponse(409, { message: 'Username taken', code: 'username_taken' }) });
    renderWithProviders(<RegisterForm />);
    fill(VALID);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
    await signContract(user);
    submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This username is already taken.'),
    );
  });
});

describe('focus returns to the contract box when the contract dialog closes (issue 18, Accessibility)', () => {
  it('opened with the keyboard and closed with Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    const box = screen.getByRole('checkbox', { name: 'I have read and accept the employment contract' });
    box.focus();
    await user.keyboard(' ');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).not.toBeChecked();
  });

  it('opened with the keyboard and closed by signing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    fill({ 'Full name': 'Mari Maasikas', 'Estonian ID code': '37605030299' });
    const box = screen.getByRole('checkbox', { name: 'I have read and accept the employment contract' });
    box.focus();
    await user.keyboard(' ');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read the employment contract and accept its terms.' }));
    within(dialog).getByRole('button', { name: 'Sign Digitally' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toBeChecked();
  });
});
