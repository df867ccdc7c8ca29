import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as webeid from '@web-eid/web-eid-library';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import type { Contract } from '@/types/api';
import type { EsignSession } from '../api/esign';
import { contract, signerProfile } from '../test-fixtures';
import { ContractsTab } from './ContractsTab';

/*
 * Issue 33: the sign dialog's eID methods. The API is fetch stubbed as in the other contract tests; Web eID's
 * library (the browser extension's side) is mocked here and answered for real by the Playwright test
 * (web/e2e/test_esign.py).
 */
vi.mock('@web-eid/web-eid-library', () => ({ getSigningCertificate: vi.fn(), sign: vi.fn() }));

const ESIGN = '/api/contracts/5/esign';
const SESSION = `${ESIGN}/sid-1`;

function session(overrides: Partial<EsignSession> = {}): EsignSession {
  return {
    sessionId: 'sid-1',
    method: 'smart_id',
    state: 'running',
    error: null,
    verificationCode: '4321',
    digest: null,
    hashFunction: null,
    demo: false,
    ...overrides,
  };
}

/** Answers in turn, the last one again and again. */
function inTurn(...answers: (() => Response)[]) {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)]();
}

function api(handlers: Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>, rows: Contract[] = [contract()]) {
  return stubApi({
    'GET /api/contracts': () => jsonResponse(200, rows),
    'POST /api/contracts/5/viewed': () => jsonResponse(204, undefined),
    'GET /api/profile': () => jsonResponse(200, signerProfile),
    ...handlers,
  });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, title = 'Board member agreement') {
  renderWithProviders(<ContractsTab />, { user: applicant });
  await user.click(await screen.findByRole('button', { name: `Sign contract ${title}` }));
  return screen.getByRole('dialog');
}

function callsTo(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => input === path && (init?.method ?? 'GET') === method);
}

beforeEach(() => {
  vi.mocked(webeid.getSigningCertificate).mockReset();
  vi.mocked(webeid.sign).mockReset();
});

describe('sign dialog: the eID methods (issue 33)', () => {
  it('offers Smart-ID, Mobile-ID and the ID-card beside the drawn and typed signature', async () => {
    const user = userEvent.setup();
    api({});
    const dialog = await openDialog(user);
    const radios = within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(radios).toEqual(['drawn', 'typed', 'smart_id', 'mobile_id', 'id_card']);
    expect(within(dialog).getByRole('radio', { name: 'Draw' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Smart-ID' }));
    expect(within(dialog).getByText('You will confirm the signature in the Smart-ID app on your phone with PIN2.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm signature' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Signature drawing area' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign with Smart-ID' })).toBeInTheDocument();
    expect(within(dialog).getByText(/qualified electronic signature, equal to a handwritten one/)).toBeInTheDocument();
  });

  it('offers the employment contract of a later application the eID methods too', async () => {
    const user = userEvent.setup();
    api({}, [contract({ kind: 'employment', title: 'Tööleping' })]);
    const dialog = await openDialog(user, 'Employment contract');
    expect(within(dialog).getByRole('radio', { name: 'Smart-ID' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Draw' })).toBeInTheDocument();
  });

  it.each(['board_consent', 'resignation'])('offers only eID for a %s, and says so', async (kind) => {
    const user = userEvent.setup();
    api({}, [contract({ kind: kind as Contract['kind'] })]);
    const dialog = await openDialog(user);
    const radios = within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(radios).toEqual(['smart_id', 'mobile_id', 'id_card']);
    expect(within(dialog).getByRole('radio', { name: 'Smart-ID' })).toBeChecked();
    expect(within(dialog).getByTestId('esign-only')).toHaveTextContent(/can only be signed with Smart-ID, Mobile-ID or the ID-card/);
    expect(within(dialog).queryByRole('img', { name: 'Signature drawing area' })).not.toBeInTheDocument();
  });

  it('Smart-ID: reads the code from the session when the 201 has none, shows it large, polls and shows it signed', async () => {
    const user = userEvent.setup();
    const fetchMock = api({
      [`POST ${ESIGN}`]: () => jsonResponse(201, session({ verificationCode: null, demo: true })),
      [`GET ${SESSION}`]: inTurn(
        () => jsonResponse(200, session({ demo: true })),
        () => jsonResponse(200, session({ state: 'signed', demo: true })),
      ),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Smart-ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign with Smart-ID' }));
    expect(requestBody(fetchMock, ESIGN)).toEqual({ method: 'smart_id' });

    const code = await within(dialog).findByTestId('esign-verification-code');
    expect(code).toHaveTextContent('4321');
    expect(code).toHaveClass('text-5xl');
    expect(code).toHaveAccessibleName('Verification code');
    expect(within(dialog).getByText(/Check that your phone shows the same code/)).toBeInTheDocument();
    // The start button is gone: the focus is on what is happening now, not lost.
    expect(within(dialog).getByTestId('esign-waiting')).toHaveFocus();
    expect(within(dialog).getByTestId('esign-demo')).toHaveTextContent(/a demo signer stands in/);
    const status = within(dialog).getByRole('status', { name: 'Signing status' });
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toContainElement(code);
    // The method stays while the phone is asked.
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Draw' })).toBeDisabled());

    const signed = await within(dialog).findByTestId('esign-signed', {}, { timeout: 4000 });
    expect(signed).toHaveTextContent('The contract is signed');
    expect(signed).toHaveFocus();
    expect(within(signed).getByRole('link', { name: 'Download the signed container (.asice)' })).toHaveAttribute(
      'href',
      '/api/contracts/5/asice',
    );
    expect(callsTo(fetchMock, 'GET', SESSION)).toHaveLength(2);
    // The contract lists are fetched again: the row shows it signed.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/contracts').length).toBeGreaterThanOrEqual(2));
    // Nothing polls after the end.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(callsTo(fetchMock, 'GET', SESSION)).toHaveLength(2);

    await user.click(within(signed).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('spaces out polls that come back at once (no tight loop)', async () => {
    const user = userEvent.setup();
    const fetchMock = api({
      [`POST ${ESIGN}`]: () => jsonResponse(201, session()),
      [`GET ${SESSION}`]: () => jsonResponse(200, session()),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Smart-ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign with Smart-ID' }));
    await within(dialog).findByTestId('esign-verification-code');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // One right after the 201, one a second later: not hundreds.
    expect(callsTo(fetchMock, 'GET', SESSION).length).toBeGreaterThanOrEqual(1);
    expect(callsTo(fetchMock, 'GET', SESSION).length).toBeLessThanOrEqual(3);
  });

  it.each([
    ['refused', 'The signing was declined on the phone. Nothing was signed.'],
    ['timeout', 'No confirmation came in time. Nothing was signed; you can start again.'],
    ['wrong_verification_code', /A different verification code was chosen on the phone/],
    ['account_unusable', /Your Smart-ID account cannot be used for signing right now/],
    ['not_a_customer', /There is no Mobile-ID or Smart-ID account/],
    ['phone_unreachable', /Your phone could not be reached/],
    ['sim_error', /Your SIM card did not answer/],
    ['signer_mismatch', /The certificate belongs to someone else/],
  ])('a session that ends %s says so and offers to try again', async (code, text) => {
    const user = userEvent.setup();
    const fetchMock = api({
      [`POST ${ESIGN}`]: () => jsonResponse(201, session()),
      [`GET ${SESSION}`]: () => jsonResponse(200, session({ state: 'failed', error: { code } })),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Smart-ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign with Smart-ID' }));
    const failed = await within(dialog).findByTestId('esign-failed');
    expect(failed).toHaveTextContent('Signing did not succeed');
    expect(within(failed).getByText(text)).toBeInTheDocument();
    expect(failed).toHaveFocus();
    // The dialog learns that the eID part is idle again from the panel's effect, a render after the outcome shows.
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Draw' })).toBeEnabled());

    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).queryByTestId('esign-failed')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign with Smart-ID' }));
    expect(callsTo(fetchMock, 'POST', ESIGN)).toHaveLength(2);
  });

  it.each([
    ['signer_mismatch', /The certificate belongs to someone else/],
    ['certificate_revoked', 'Your signing certificate has been revoked. Nothing was signed.'],
    ['certificate_not_qualified', /does not give a qualified electronic signature/],
    ['certificate_untrusted', /not issued by a trusted certification authority/],
  ])('a certificate refused with 422 %s is told in the dialog', async (code, text) => {
    const user = userEvent.setup();
    api({
      [`POST ${ESIGN}`]: () =>
        jsonResponse(422, { message: 'Validation error', code: 'validation_error', fields: { certificate: 'x' }, fieldCodes: { certificate: code } }),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Smart-ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign with Smart-ID' }));
    const failed = await within(dialog).findByTestId('esign-failed');
    expect(within(failed).getByText(text)).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('SK in maintenance (503) is told as such, in Estonian too', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    api({ [`POST ${ESIGN}`]: () => jsonResponse(503, { message: 'The eID service is unavailable', code: 'unavailable', fields: {} }) });
    renderWithProviders(<ContractsTab />, { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Allkirjasta leping Board member agreement' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Smart-ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allkirjasta Smart-ID-ga' }));
    const failed = await within(dialog).findByTestId('esign-failed');
    expect(failed).toHaveTextContent('Allkirjastamisteenus on hoolduses või pole praegu kättesaadav.');
    expect(within(failed).getByRole('button', { name: 'Proovi uuesti' })).toBeInTheDocument();
  });

  it('a poll that fails stops polling and can be checked again', async () => {
    const user = userEvent.setup();
    const fetchMock = api({
      [`POST ${ESIGN}`]: () => jsonResponse(201, session()),
      [`GET ${SESSION}`]: inTurn(
        () => jsonResponse(503, { message: 'SK is down', code: 'unavailable', fields: {} }),
        () => jsonResponse(200, session({ state: 'signed' })),
      ),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Smart-ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign with Smart-ID' }));
    const failed = await within(dialog).findByTestId('esign-failed');
    expect(failed).toHaveTextContent(/in maintenance or cannot be reached/);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(callsTo(fetchMock, 'GET', SESSION)).toHaveLength(1);
    await user.click(within(failed).getByRole('button', { name: 'Check again' }));
    expect(await within(dialog).findByTestId('esign-signed')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', ESIGN)).toHaveLength(1);
  });

  it('Mobile-ID: the phone from the profile, checked as +372 before anything is sent', async () => {
    const user = userEvent.setup();
    const fetchMock = api({
      [`POST ${ESIGN}`]: () => jsonResponse(201, session({ method: 'mobile_id', verificationCode: '0815' })),
      [`GET ${SESSION}`]: () => jsonResponse(200, session({ method: 'mobile_id', verificationCode: '0815' })),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Mobile-ID' }));
    const phone = within(dialog).getByLabelText('Mobile-ID phone number');
    await waitFor(() => expect(phone).toHaveValue('+3725551234'));
    expect(phone).toHaveAccessibleDescription('+372 and your mobile number, e.g. +37251234567');
    const start = within(dialog).getByRole('button', { name: 'Sign with Mobile-ID' });

    await user.clear(phone);
    await user.click(start);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(/Please enter your Mobile-ID phone number./);
    expect(phone).toHaveFocus();
    await user.type(phone, '+371 2000 0000');
    await user.click(start);
    expect(within(dialog).getByText('Please enter an Estonian mobile number: +372 followed by 7 or 8 digits.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', ESIGN)).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '+372 5123 4567');
    await user.click(start);
    expect(requestBody(fetchMock, ESIGN)).toEqual({ method: 'mobile_id', phone: '+37251234567' });
    expect(await within(dialog).findByTestId('esign-verification-code')).toHaveTextContent('0815');
    expect(within(dialog).getByText('Waiting for your confirmation on the phone…')).toBeInTheDocument();
  });

  it('Mobile-ID: a phone number the server refuses is shown under the field', async () => {
    const user = userEvent.setup();
    api({
      [`POST ${ESIGN}`]: () =>
        jsonResponse(422, { message: 'Validation error', code: 'validation_error', fields: { phone: 'bad' }, fieldCodes: { phone: 'invalid_value' } }),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Mobile-ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign with Mobile-ID' }));
    const phone = within(dialog).getByLabelText('Mobile-ID phone number');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(/Please enter an Estonian mobile number/);
  });

  it('ID-card: the certificate from Web eID to the server, its digest to the card, the signature back', async () => {
    const user = userEvent.setup();
    vi.mocked(webeid.getSigningCertificate).mockResolvedValue({ certificate: 'CERT', supportedSignatureAlgorithms: [] });
    vi.mocked(webeid.sign).mockResolvedValue({
      signature: 'SIG',
      signatureAlgorithm: { cryptoAlgorithm: 'ECC', hashFunction: 'SHA-256', paddingScheme: 'NONE' },
    });
    const fetchMock = api({
      [`POST ${ESIGN}`]: () =>
        jsonResponse(201, session({ method: 'id_card', state: 'awaiting_signature', verificationCode: null, digest: 'RElHRVNU', hashFunction: 'SHA-256' })),
      [`POST ${SESSION}/signature`]: () => jsonResponse(200, session({ method: 'id_card', state: 'signed', verificationCode: null })),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'ID-card' }));
    expect(within(dialog).getByText(/needs the Web eID browser extension and app/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign with ID-card' }));
    const signed = await within(dialog).findByTestId('esign-signed');
    expect(signed).toHaveTextContent('Signed with ID-card.');
    expect(webeid.getSigningCertificate).toHaveBeenCalledWith({ lang: 'en' });
    expect(requestBody(fetchMock, ESIGN)).toEqual({ method: 'id_card', certificate: 'CERT' });
    expect(webeid.sign).toHaveBeenCalledWith('CERT', 'RElHRVNU', 'SHA-256', { lang: 'en' });
    expect(requestBody(fetchMock, `${SESSION}/signature`)).toEqual({ signature: 'SIG' });
  });

  it.each([
    ['ERR_WEBEID_EXTENSION_UNAVAILABLE', /The Web eID browser extension was not found/, true],
    ['ERR_WEBEID_NATIVE_UNAVAILABLE', /The Web eID app is not installed/, true],
    ['ERR_WEBEID_USER_CANCELLED', 'You cancelled the signing. Nothing was signed.', false],
    ['ERR_WEBEID_USER_TIMEOUT', 'The PIN was not entered in time. Nothing was signed.', false],
    ['ERR_WEBEID_NATIVE_FATAL', /The ID-card could not be used/, false],
  ])('ID-card: Web eID failing with %s is told, nothing is sent', async (code, text, offersWebEid) => {
    const user = userEvent.setup();
    vi.mocked(webeid.getSigningCertificate).mockRejectedValue(Object.assign(new Error('failed'), { code }));
    const fetchMock = api({});
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'ID-card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign with ID-card' }));
    const failed = await within(dialog).findByTestId('esign-failed');
    expect(within(failed).getByText(text)).toBeInTheDocument();
    expect(within(failed).queryByRole('link', { name: /Get Web eID/ }) !== null).toBe(offersWebEid);
    expect(callsTo(fetchMock, 'POST', ESIGN)).toHaveLength(0);
  });

  it('ID-card: a cancelled PIN entry after the digest went out leaves nothing signed', async () => {
    const user = userEvent.setup();
    vi.mocked(webeid.getSigningCertificate).mockResolvedValue({ certificate: 'CERT', supportedSignatureAlgorithms: [] });
    vi.mocked(webeid.sign).mockRejectedValue(Object.assign(new Error('cancelled'), { code: 'ERR_WEBEID_USER_CANCELLED' }));
    const fetchMock = api({
      [`POST ${ESIGN}`]: () =>
        jsonResponse(201, session({ method: 'id_card', state: 'awaiting_signature', verificationCode: null, digest: 'RElHRVNU', hashFunction: 'SHA-384' })),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'ID-card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign with ID-card' }));
    expect(await within(dialog).findByText('You cancelled the signing. Nothing was signed.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${SESSION}/signature`)).toHaveLength(0);
  });
});
