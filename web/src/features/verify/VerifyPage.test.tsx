import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import i18n from '@/test/i18n';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { MAX_VERIFY_BYTES, VERIFY_URL, type VerifyResult } from './api/verify-contract';

const GENUINE: VerifyResult = {
  valid: true,
  contractId: 42,
  title: 'Employment contract',
  signedAt: '2026-01-15T10:30:00Z',
  signerName: 'Mari Maasikas',
  sha256: 'ab'.repeat(32),
  reason: null,
  kind: 'pdf',
};

const TAMPERED: VerifyResult = {
  valid: false,
  contractId: null,
  title: null,
  signedAt: null,
  signerName: null,
  sha256: null,
  reason: 'seal_broken',
  kind: 'pdf',
};

/** Issue 33: an ASiC-E container as the server found it (libdigidocpp's verdict and the portal's). */
const VALID_CONTAINER: VerifyResult = {
  valid: true,
  kind: 'asice',
  contractId: 42,
  title: 'Board member agreement',
  signedAt: '2026-01-15T10:30:00Z',
  signerName: 'MAASIKAS,MARI,38001085718',
  signerIdCode: '38001085718',
  sha256: 'cd'.repeat(32),
  profile: 'BES/time-stamp',
  portalContract: true,
  reason: null,
  problems: [],
};

const CHANGED_CONTAINER: VerifyResult = {
  valid: false,
  kind: 'asice',
  signedAt: '2026-01-15T10:30:00Z',
  signerName: 'MAASIKAS,MARI,38001085718',
  signerIdCode: '38001085718',
  profile: 'BES/time-stamp',
  portalContract: false,
  reason: 'signature_invalid',
  problems: ['Data file leping-42.pdf digest does not match'],
};

function asice() {
  return new File(['PK\u0003\u0004mimetype'], 'leping-42.asice', { type: 'application/vnd.etsi.asic-e+zip' });
}

function pdf(size?: number) {
  const file = new File(['%PDF-1.7 sealed'], 'contract-42.pdf', { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function fileInput() {
  return screen.getByLabelText(/Drop the contract's PDF or \.asice here/);
}

/** The file the n-th verify call sent as multipart `file`. */
function sentFile(fetchMock: ReturnType<typeof stubApi>, n = 0): unknown {
  const call = fetchMock.mock.calls.filter(([input]) => input === VERIFY_URL)[n];
  const body = call?.[1]?.body;
  return body instanceof FormData ? body.get('file') : undefined;
}

describe('verify page (issue 13, "Sealed PDFs that anyone can verify")', () => {
  it('is public, titled, and takes a PDF or an .asice from a real, keyboard-focusable file input', async () => {
    stubApi({});
    renderRoute('/verify', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a contract' })).toBeInTheDocument();
    expect(document.title).toBe('Verify a contract | Shelf Board');
    const input = fileInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'application/pdf,.pdf,application/vnd.etsi.asic-e+zip,.asice');
    expect(input).toHaveAccessibleDescription('PDF or ASiC-E container (.asice), at most 10 MB');
    expect(input).not.toHaveAttribute('tabindex', '-1');
    input.focus();
    expect(input).toHaveFocus();
  });

  it('sends the chosen file and shows a genuine copy with its details', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`POST ${VERIFY_URL}`]: () => jsonResponse(200, GENUINE) });
    renderRoute('/verify', { user: null });
    const file = pdf();
    await user.upload(fileInput(), file);
    expect(await screen.findByText(/^Genuine: this is an unchanged copy/)).toBeInTheDocument();
    expect(sentFile(fetchMock)).toBe(file);
    const result = within(screen.getByRole('region', { name: 'Result' }));
    expect(result.getByText('Mari Maasikas')).toBeInTheDocument();
    expect(result.getByText('Employment contract')).toBeInTheDocument();
    expect(result.getByText('42')).toBeInTheDocument();
    expect(result.getByText('ab'.repeat(32))).toBeInTheDocument();
  });

  it('takes a dropped file and says why a changed copy is not genuine, in Estonian too', async () => {
    await i18n.changeLanguage('et');
    const fetchMock = stubApi({ [`POST ${VERIFY_URL}`]: () => jsonResponse(200, TAMPERED) });
    renderRoute('/verify', { user: null });
    const file = pdf();
    fireEvent.drop(await screen.findByTestId('verify-drop-zone'), { dataTransfer: { files: [file] } });
    expect(await screen.findByText(/^Ei ole kinnitatud/)).toBeInTheDocument();
    expect(screen.getByText('PDF-i on pärast pitseerimist muudetud: selle sisu ei vasta enam pitserile.')).toBeInTheDocument();
    expect(sentFile(fetchMock)).toBe(file);
  });

  it('shows a valid container: the signer, ID code, time-stamp, profile and the stored contract (issue 33)', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`POST ${VERIFY_URL}`]: () => jsonResponse(200, VALID_CONTAINER) });
    renderRoute('/verify', { user: null });
    const file = asice();
    await user.upload(fileInput(), file);
    expect(await screen.findByText(/^Valid: the container's qualified electronic signature is valid/)).toBeInTheDocument();
    expect(sentFile(fetchMock)).toBe(file);
    const result = within(screen.getByRole('region', { name: 'Result' }));
    expect(result.getByText('MAASIKAS,MARI,38001085718')).toBeInTheDocument();
    expect(result.getByText('38001085718')).toBeInTheDocument();
    expect(result.getByText("Signer's ID code")).toBeInTheDocument();
    expect(result.getByText('Time-stamp')).toBeInTheDocument();
    expect(result.getByText(formatDateTime('2026-01-15T10:30:00Z', 'en'))).toBeInTheDocument();
    expect(result.getByText('BES/time-stamp')).toBeInTheDocument();
    expect(result.getByText('Yes: the signed file is a contract stored in the portal')).toBeInTheDocument();
    expect(result.getByText('Board member agreement')).toBeInTheDocument();
    expect(result.queryByText('What was found')).not.toBeInTheDocument();
  });

  it('says why a container is not valid, with what libdigidocpp found, in Estonian too (issue 33)', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stubApi({ [`POST ${VERIFY_URL}`]: () => jsonResponse(200, CHANGED_CONTAINER) });
    renderRoute('/verify', { user: null });
    await user.upload(await screen.findByLabelText(/Lohistage lepingu PDF või \.asice siia/), asice());
    expect(await screen.findByText('Ei kehti: konteineri allkirja ei õnnestunud kinnitada.')).toBeInTheDocument();
    const result = within(screen.getByRole('region', { name: 'Tulemus' }));
    expect(result.getByText(/^Konteineri allkiri ei kehti/)).toBeInTheDocument();
    expect(result.getByText('Ei: allkirjastatud fail ei ole portaalis hoitav leping')).toBeInTheDocument();
    expect(result.getByText('Data file leping-42.pdf digest does not match').closest('ul')).toHaveAttribute('lang', 'en');
    expect(result.queryByText('Board member agreement')).not.toBeInTheDocument();
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderRoute('/verify', { user: null });
    await user.upload(fileInput(), pdf(MAX_VERIFY_BYTES + 1));
    expect(await screen.findByText(/larger than 10 MB/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => input === VERIFY_URL)).toEqual([]);
  });

  it('shows the server refusal in our words', async () => {
    const user = userEvent.setup();
    stubApi({ [`POST ${VERIFY_URL}`]: () => jsonResponse(413, { message: 'too big', code: 'too_large', fields: {} }) });
    renderRoute('/verify', { user: null });
    await user.upload(fileInput(), pdf());
    expect(await screen.findByText('The data you sent is too large.')).toBeInTheDocument();
  });

  it('is linked from the site footer', () => {
    stubApi({});
    renderRoute('/terms', { user: null });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Verify a contract' })).toHaveAttribute('href', '/verify');
  });
});
