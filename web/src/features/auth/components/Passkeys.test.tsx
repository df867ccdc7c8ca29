import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { PasskeySignIn } from './PasskeySignIn';
import { PasskeysCard } from './PasskeysCard';

// Issue 15 "Two-factor sign-in": passkeys as the second factor, with navigator.credentials stubbed (the real
// ceremony runs in Chromium with a virtual authenticator: web/e2e/test_passkeys.py).

class FakeCredential {
  id = 'BAU';
  rawId = new Uint8Array([4, 5]).buffer;
  type = 'public-key';
  authenticatorAttachment = 'platform';
  constructor(public response: Record<string, unknown>) {}
  getClientExtensionResults() {
    return {};
  }
}

const buffer = (value: number) => new Uint8Array([value]).buffer;
const create = vi.fn(async () => new FakeCredential({ clientDataJSON: buffer(1), attestationObject: buffer(2) }));
const get = vi.fn(async () =>
  new FakeCredential({ clientDataJSON: buffer(1), authenticatorData: buffer(2), signature: buffer(3), userHandle: null }),
);

beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PublicKeyCredential', FakeCredential);
  Object.defineProperty(navigator, 'credentials', { value: { create, get }, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  create.mockClear();
  get.mockClear();
});

const CREATION_OPTIONS = {
  rp: { id: 'localhost', name: 'Shelf Board' },
  user: { id: 'NDI', name: 'mari', displayName: 'Mari' },
  challenge: 'AQID',
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [],
};
const PASSKEY = { id: 7, name: 'Laptop', createdAt: '2026-11-20T10:00:00Z', lastUsedAt: null };
const state = (overrides: Record<string, unknown>) => () =>
  jsonResponse(200, { totp: false, passkeys: [], recoveryCodesLeft: 0, required: false, ...overrides });

describe('PasskeysCard', () => {
  it("keeps an admin's only second factor: no Remove button, and says why", async () => {
    stubApi({ 'GET /api/second-factor': state({ passkeys: [PASSKEY], required: true, recoveryCodesLeft: 10 }) });
    renderWithProviders(<PasskeysCard />, { user: admin });
    expect(await screen.findByText('Laptop')).toBeInTheDocument();
    expect(screen.getByText(/Admins must keep a second step/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove passkey Laptop' })).not.toBeInTheDocument();
  });

  it('shows the recovery codes of a first passkey, and reads the user again only once they are saved', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    const fetchMock = stubApi({
      'GET /api/second-factor': state({}),
      'POST /api/second-factor/passkeys/options': () => jsonResponse(200, CREATION_OPTIONS),
      'POST /api/second-factor/passkeys': () => jsonResponse(201, { ...PASSKEY, recoveryCodes: codes }),
      'GET /api/user': () => jsonResponse(200, { ...applicant, secondFactor: true, secondFactorPassed: true }),
    });
    renderWithProviders(<PasskeysCard />, { user: applicant });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name (optional)'), 'Laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('code9-abcde')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/second-factor/passkeys')).toEqual({
      name: 'Laptop',
      credential: {
        id: 'BAU',
        rawId: 'BAU',
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: { clientDataJSON: 'AQ', attestationObject: 'Ag', transports: [] },
        clientExtensionResults: {},
      },
    });
    const userReads = () => fetchMock.mock.calls.filter(([input]) => input === '/api/user').length;
    expect(userReads()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'I have saved the codes' }));
    await waitFor(() => expect(userReads()).toBe(1));
    expect(screen.queryByText('code9-abcde')).not.toBeInTheDocument();
  });
});

describe('PasskeySignIn', () => {
  it('sends the password with the signed challenge and reports the sign-in', async () => {
    const onSignedIn = vi.fn();
    const fetchMock = stubApi({
      'POST /api/login/passkey/options': () => jsonResponse(200, { challenge: 'AQID', rpId: 'localhost', allowCredentials: [] }),
      'POST /api/login/passkey': () => jsonResponse(200, { ...applicant, secondFactor: true, secondFactorPassed: true }),
    });
    renderWithProviders(<PasskeySignIn username="mari" password="secret-1" onSignedIn={onSignedIn} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(requestBody(fetchMock, '/api/login/passkey/options')).toEqual({ username: 'mari', password: 'secret-1' });
    expect(requestBody(fetchMock, '/api/login/passkey')).toMatchObject({
      username: 'mari',
      password: 'secret-1',
      credential: { rawId: 'BAU', response: { signature: 'Aw' } },
    });
  });

  it('says so when the account has no passkey', async () => {
    stubApi({
      'POST /api/login/passkey/options': () =>
        jsonResponse(409, { message: 'This account has no passkey', code: 'no_passkeys', fields: {} }),
    });
    renderWithProviders(<PasskeySignIn username="mari" password="secret-1" onSignedIn={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account has no passkey. Enter the code');
    expect(get).not.toHaveBeenCalled();
  });
});
