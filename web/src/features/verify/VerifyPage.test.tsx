import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

function pdf(size?: number) {
  const file = new File(['%PDF-1.7 sealed'], 'contract-42.pdf', { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function fileInput() {
  return screen.getByLabelText(/Drop the contract's PDF here/);
}

/** The file the n-th verify call sent as multipart `file`. */
function sentFile(fetchMock: ReturnType<typeof stubApi>, n = 0): unknown {
  const call = fetchMock.mock.calls.filter(([input]) => input === VERIFY_URL)[n];
  const body = call?.[1]?.body;
  return body instanceof FormData ? body.get('file') : undefined;
}

describe('verify page (issue 13, "Sealed PDFs that anyone can verify")', () => {
  it('is public, titled, and takes a PDF from a real, keyboard-focusable file input', async () => {
    stubApi({});
    renderRoute('/verify', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a contract' })).toBeInTheDocument();
    expect(document.title).toBe('Verify a contract | Shelf Board');
    const input = fileInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'application/pdf,.pdf');
    expect(input).toHaveAccessibleDescription('PDF, at most 10 MB');
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
