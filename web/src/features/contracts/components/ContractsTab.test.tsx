import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/dates';
import { applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { contract, SIGNATURE, signedEmployment, signerProfile } from '../test-fixtures';
import { ContractsTab } from './ContractsTab';
import { SIGNATURE_AREA_WIDTH } from './SignaturePad';

const DRAWN = 'data:image/png;base64,drawn';
const ctx = {
  scale: vi.fn(),
  beginPath: vi.fn(),
  arc: vi.fn(),
  fill: vi.fn(),
  moveTo: vi.fn(),
  lineTo: vi.fn(),
  stroke: vi.fn(),
  clearRect: vi.fn(),
  measureText: vi.fn(() => ({ width: 300 })),
  fillText: vi.fn(),
  font: '',
  textAlign: '',
  textBaseline: '',
  lineWidth: 0,
  lineCap: '',
  lineJoin: '',
  strokeStyle: '',
  fillStyle: '',
};

beforeEach(() => {
  // jsdom has no 2D canvas: stand in a recording context and a fixed PNG export.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ctx as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => DRAWN);
  Object.values(ctx).forEach((value) => typeof value === 'function' && value.mockClear());
  ctx.measureText.mockImplementation(() => ({ width: 300 }));
});

function renderTab() {
  return renderWithProviders(<ContractsTab />, { user: applicant });
}

function drawStroke(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { pointerId: 1, button: 0, pointerType: 'mouse', clientX: 10, clientY: 10 });
  fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 60, clientY: 40 });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 60, clientY: 40 });
}

async function openSign(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Sign contract Board member agreement' }));
  return screen.getByRole('dialog');
}

describe('applicant Contracts tab (spec §2)', () => {
  it('lists title, dates, status and the actions each status allows', async () => {
    stubApi({
      'GET /api/contracts': () =>
        jsonResponse(200, [
          contract({ expiresAt: '2025-06-30T20:59:59Z' }),
          contract({ id: 6, title: 'Old one', status: 'expired' }),
          contract({ id: 7, title: 'Withdrawn', status: 'cancelled' }),
          contract({ id: 8, title: 'Sent one', status: 'sent' }),
          signedEmployment,
        ]),
    });
    renderTab();
    const rows = await screen.findAllByTestId('contract-row');
    expect(rows).toHaveLength(5);
    expect(within(rows[0]).getByText(formatDate('2025-05-09T10:30:00Z', 'en'))).toBeInTheDocument();
    expect(within(rows[0]).getByText('30 June 2025')).toBeInTheDocument();
    expect(within(rows[0]).getAllByText('—')).toHaveLength(2); // not signed: no signing date, no method
    const signButtons = screen.getAllByRole('button', { name: /^Sign contract/ }).map((b) => b.getAttribute('aria-label'));
    expect(signButtons).toEqual(['Sign contract Board member agreement', 'Sign contract Sent one']);

    expect(within(rows[1]).getByText('Expired')).toHaveAttribute('data-variant', 'destructive');
    expect(within(rows[2]).getByText('Cancelled')).toHaveAttribute('data-variant', 'secondary');
    expect(within(rows[0]).getByText('Pending')).toHaveAttribute('data-variant', 'secondary');
    expect(within(rows[4]).getByText('Signed', { selector: '[data-status]' })).toHaveAttribute('data-variant', 'default');
    const pdf = within(rows[4]).getByRole('link', { name: 'Download PDF: Employment contract' });
    expect(pdf).toHaveAttribute('href', '/api/contracts/1/pdf');
    expect(pdf).toHaveAttribute('download');
    expect(within(rows[0]).queryByRole('link')).not.toBeInTheDocument();
  });

  it('names the registration contract in the reader\'s language, whichever it was signed in (issue 12)', async () => {
    const { default: i18n } = await import('@/test/i18n');
    const user = userEvent.setup();
    // Signed on an Estonian page: stored under its Estonian title.
    stubApi({ 'GET /api/contracts': () => jsonResponse(200, [{ ...signedEmployment, title: 'Tööleping' }, contract()]) });
    renderTab();
    const rows = await screen.findAllByTestId('contract-row');
    expect(within(rows[0]).getByText('Employment contract')).toBeInTheDocument();
    expect(screen.queryByText('Tööleping')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Board member agreement')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View contract Employment contract' }));
    expect(within(screen.getByRole('dialog')).getByRole('heading', { name: 'Employment contract' })).toBeInTheDocument();

    await act(() => i18n.changeLanguage('et'));
    expect(within(screen.getByRole('dialog')).getByRole('heading', { name: 'Tööleping' })).toBeInTheDocument();
    expect(within(rows[0]).getByText('Tööleping')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Board member agreement')).toBeInTheDocument();
  });

  it('shows empty, loading and error states', async () => {
    stubApi({ 'GET /api/contracts': () => jsonResponse(200, []) });
    const { unmount } = renderTab();
    expect(await screen.findByText('No contracts yet')).toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/contracts': () => new Promise<Response>(() => {}) });
    const second = renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('Loading contracts…');
    second.unmount();

    stubApi({ 'GET /api/contracts': () => jsonResponse(500, { message: 'Database is down' }) });
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load contracts');
    expect(alert).toHaveTextContent('Database is down');
  });

  it('views a contract with its line breaks, signed date and signature image', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/contracts': () => jsonResponse(200, [signedEmployment]) });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'View contract Employment contract' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.className).toContain('max-w-[700px]');
    expect(within(dialog).getByRole('heading', { name: 'Employment contract' })).toBeInTheDocument();
    expect(within(dialog).getByText(`Created on ${formatDate(signedEmployment.createdAt, 'en')}`)).toBeInTheDocument();
    const content = within(dialog).getByTestId('contract-content');
    expect(content.textContent).toBe('First line\nSecond line\n\nThird paragraph');
    expect(content).toHaveClass('whitespace-pre-wrap');
    expect(within(dialog).getByText(`Signed on ${formatDateTime(signedEmployment.signedAt ?? '', 'en')}`)).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Handwritten signature' })).toHaveAttribute('src', SIGNATURE);
  });

  it("lets a keyboard user reach the viewed contract's text, a named scroll area, with Tab (issue 18)", async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/contracts': () => jsonResponse(200, [signedEmployment]) });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'View contract Employment contract' }));
    const text = within(screen.getByRole('dialog')).getByRole('region', { name: 'Contract text' });
    expect(text).toBe(within(screen.getByRole('dialog')).getByTestId('contract-content'));
    expect(text).toHaveAttribute('tabindex', '0');
    expect(text).toHaveClass('overflow-y-auto');
    for (let presses = 0; presses < 10 && document.activeElement !== text; presses += 1) await user.tab();
    expect(text).toHaveFocus();
  });

  it('shows no signed part for an unsigned contract', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/contracts': () => jsonResponse(200, [contract()]) });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'View contract Board member agreement' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByText(/Signed on/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Handwritten signature' })).not.toBeInTheDocument();
  });

  it('reports the first opening of a contract that can be signed, not of a signed one (issue 13 certificate)', async () => {
    const user = userEvent.setup();
    const pending = contract({ id: 5 });
    const fetchMock = stubApi({
      'GET /api/contracts': () => jsonResponse(200, [pending, signedEmployment]),
      'POST /api/contracts/5/viewed': () => new Response(null, { status: 204 }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'View contract Employment contract' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'View contract Board member agreement' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => input)).toEqual([
        '/api/contracts/5/viewed',
      ]),
    );
  });

  it('signature pad: alert and disabled confirm until a stroke is drawn; clear resets', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/contracts': () => jsonResponse(200, [contract()]) });
    renderTab();
    const dialog = await openSign(user);
    const canvas = within(dialog).getByRole('img', { name: 'Signature drawing area' });
    expect(canvas).toHaveClass('touch-none', 'w-full', 'aspect-[5/2]');
    expect(canvas).toHaveAttribute('width', '500');
    expect(canvas).toHaveAttribute('height', '200');
    expect(canvas).toHaveAccessibleDescription(/mouse, pen or finger\. To sign with the keyboard, choose Type your name\./);
    expect(dialog).not.toHaveTextContent(/cannot be drawn/);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm signature' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please draw your signature before confirming.');
    expect(confirm).toBeDisabled();

    drawStroke(canvas);
    expect(ctx.lineTo).toHaveBeenCalled();
    expect(ctx.lineWidth).toBe(2);
    expect(ctx.lineCap).toBe('round');
    expect(ctx.strokeStyle).toBe('#000000');
    expect(HTMLCanvasElement.prototype.toDataURL).toHaveBeenCalledWith('image/png');
    expect(confirm).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(ctx.clearRect).toHaveBeenCalledWith(0, 0, 500, 200);
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
  });

  it('signs: sends the PNG, toasts success, closes and refetches the list', async () => {
    const user = userEvent.setup();
    let signed = false;
    const fetchMock = stubApi({
      'GET /api/contracts': () =>
        jsonResponse(200, [signed ? contract({ status: 'signed', signedAt: '2025-05-10T10:00:00Z', signatureData: DRAWN }) : contract()]),
      'POST /api/contracts/5/sign': () => {
        signed = true;
        return jsonResponse(200, contract({ status: 'signed' }));
      },
    });
    renderTab();
    const dialog = await openSign(user);
    drawStroke(within(dialog).getByRole('img', { name: 'Signature drawing area' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm signature' }));

    expect(await screen.findByText('Contract signed successfully')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/contracts/5/sign')).toEqual({ signatureData: DRAWN, method: 'drawn' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/contracts')).toHaveLength(2));
    expect(await screen.findByText('Signed', { selector: '[data-status]' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Sign contract/ })).not.toBeInTheDocument();
  });

  it("offers a later application's employment contract for signing beside the ended one (issue 37, Applying again)", async () => {
    const user = userEvent.setup();
    const ended = { ...signedEmployment, status: 'expired' as const, expiresAt: '2025-11-01T22:00:00Z' };
    const next = contract({ id: 9, applicationId: 12, kind: 'employment', title: 'Tööleping', createdAt: '2025-12-01T09:00:00Z' });
    const fetchMock = stubApi({
      'GET /api/contracts': () => jsonResponse(200, [next, ended]),
      'POST /api/contracts/9/sign': () => jsonResponse(200, { ...next, status: 'signed', signedAt: '2025-12-02T09:00:00Z' }),
    });
    renderTab();
    // Named by its kind in the reader's language, like the registration one; only the new one can be signed.
    const signButtons = await screen.findAllByRole('button', { name: /^Sign contract/ });
    expect(signButtons.map((button) => button.getAttribute('aria-label'))).toEqual(['Sign contract Employment contract']);
    await user.click(signButtons[0]);
    const dialog = screen.getByRole('dialog');
    drawStroke(within(dialog).getByRole('img', { name: 'Signature drawing area' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm signature' }));
    expect(await screen.findByText('Contract signed successfully')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/contracts/9/sign')).toEqual({ signatureData: DRAWN, method: 'drawn' });
  });

  it("signing failure: 'Signing failed' with the server's field message and the retry text; dialog stays", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract()]),
      'POST /api/contracts/5/sign': () =>
        jsonResponse(422, {
          message: 'Validation failed',
          code: 'invalid_signature',
          fields: { signatureData: 'Please draw your signature' },
        }),
    });
    renderTab();
    const dialog = await openSign(user);
    drawStroke(within(dialog).getByRole('img', { name: 'Signature drawing area' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm signature' }));
    expect(await screen.findByText('Signing failed')).toBeInTheDocument();
    expect(screen.getByText('Please draw your signature Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("signing failure in Estonian: the signature field's code in Estonian, not the server's English (issue 12)", async () => {
    const { default: i18n } = await import('@/test/i18n');
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract()]),
      'POST /api/contracts/5/sign': () =>
        jsonResponse(422, {
          message: 'Please draw your signature',
          code: 'invalid_signature',
          fields: { signatureData: 'Please draw your signature' },
          fieldCodes: { signatureData: 'signature_missing' },
        }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Allkirjasta leping Board member agreement' }));
    const dialog = screen.getByRole('dialog');
    drawStroke(within(dialog).getByRole('img', { name: 'Allkirja joonistamise ala' }));
    await user.click(within(dialog).getByRole('button', { name: 'Kinnita allkiri' }));
    expect(await screen.findByText('Allkirjastamine ebaõnnestus')).toBeInTheDocument();
    expect(screen.getByText('Palun joonistage oma allkiri. Palun proovige uuesti.')).toBeInTheDocument();
    expect(screen.queryByText(/Please draw/)).not.toBeInTheDocument();
  });

  it('signing failure without a usable server message shows only the retry text (Estonian)', async () => {
    const { default: i18n } = await import('@/test/i18n');
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract()]),
      'POST /api/contracts/5/sign': () => new Response('Bad gateway', { status: 502 }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Allkirjasta leping Board member agreement' }));
    const dialog = screen.getByRole('dialog');
    drawStroke(within(dialog).getByRole('img', { name: 'Allkirja joonistamise ala' }));
    await user.click(within(dialog).getByRole('button', { name: 'Kinnita allkiri' }));
    expect(await screen.findByText('Allkirjastamine ebaõnnestus')).toBeInTheDocument();
    expect(screen.getByText('Palun proovige uuesti.')).toBeInTheDocument();
  });
});

describe('signing as the profile says, by drawing or with the keyboard (issue 13, Signer identity)', () => {
  it("shows the contract's text, scrollable and focusable, and the signer's name and ID code read-only", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract()]),
      'GET /api/profile': () => jsonResponse(200, signerProfile),
    });
    renderTab();
    const dialog = await openSign(user);
    const text = within(dialog).getByRole('region', { name: 'Contract text' });
    expect(text.textContent).toBe('First line\nSecond line\n\nThird paragraph');
    expect(text).toHaveAttribute('tabindex', '0');
    expect(text).toHaveClass('overflow-y-auto', 'whitespace-pre-wrap');
    const name = await within(dialog).findByDisplayValue('Tõnu Šärž-Müür');
    expect(name).toHaveAccessibleName('Full name');
    expect(name).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('ID code')).toHaveValue('38004120009');
    expect(within(dialog).getByLabelText('ID code')).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('radio', { name: 'Draw' })).toBeChecked();
    // Estonian as well.
    const { default: i18n } = await import('@/test/i18n');
    await act(() => i18n.changeLanguage('et'));
    expect(within(dialog).getByRole('region', { name: 'Lepingu tekst' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Isikukood')).toHaveValue('38004120009');
    expect(within(dialog).getByRole('radio', { name: 'Kirjutan oma nime' })).not.toBeChecked();
  });

  it("signs with the keyboard only: Type your name renders the profile's name in the handwriting font", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract()]),
      'GET /api/profile': () => jsonResponse(200, signerProfile),
      'POST /api/contracts/5/sign': () => jsonResponse(200, contract({ status: 'signed' })),
    });
    renderTab();
    const sign = await screen.findByRole('button', { name: 'Sign contract Board member agreement' });
    sign.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByDisplayValue('Tõnu Šärž-Müür');
    within(dialog).getByRole('radio', { name: 'Draw' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: 'Type your name' })).toBeChecked();
    const typed = await within(dialog).findByRole('img', { name: 'Typed signature: Tõnu Šärž-Müür' });
    expect(typed).toHaveAttribute('src', DRAWN);
    expect(ctx.fillText).toHaveBeenCalledWith('Tõnu Šärž-Müür', 250, 100);
    expect(ctx.font).toBe('72px "Dancing Script"');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm signature' });
    expect(confirm).toBeEnabled();
    confirm.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Contract signed successfully')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/contracts/5/sign')).toEqual({
      signatureData: DRAWN,
      method: 'typed',
      typedName: 'Tõnu Šärž-Müür',
    });
  });

  it('a long name is made smaller until it fits the pad', async () => {
    const user = userEvent.setup();
    ctx.measureText.mockImplementation(() => ({ width: ctx.font.startsWith('40px') ? 440 : 600 }));
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract()]),
      'GET /api/profile': () => jsonResponse(200, signerProfile),
    });
    renderTab();
    const dialog = await openSign(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Type your name' }));
    await within(dialog).findByRole('img', { name: /^Typed signature/ });
    expect(ctx.font).toBe('40px "Dancing Script"');
  });

  it('without the profile there is no typed signature, and drawing still works', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract()]),
      'GET /api/profile': () => jsonResponse(500, { message: 'Database is down' }),
    });
    renderTab();
    const dialog = await openSign(user);
    expect(await within(dialog).findByText('Your profile could not be loaded.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Type your name' }));
    expect(within(dialog).getByText(/A typed signature needs your name/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm signature' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Draw' }));
    drawStroke(within(dialog).getByRole('img', { name: 'Signature drawing area' }));
    expect(within(dialog).getByRole('button', { name: 'Confirm signature' })).toBeEnabled();
  });

  it('a typed name the server refuses is shown in the reader\'s language', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract()]),
      'GET /api/profile': () => jsonResponse(200, signerProfile),
      'POST /api/contracts/5/sign': () =>
        jsonResponse(422, {
          message: 'The typed signature must be your full name as in your profile',
          code: 'validation_error',
          fields: { typedName: 'The typed signature must be your full name as in your profile' },
          fieldCodes: { typedName: 'typed_name_mismatch' },
        }),
    });
    renderTab();
    const dialog = await openSign(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Type your name' }));
    await within(dialog).findByRole('img', { name: /^Typed signature/ });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm signature' }));
    expect(
      await screen.findByText('The typed signature must be your full name as in your profile. Please try again.'),
    ).toBeInTheDocument();
  });

  it('the View dialog of a contract that can be signed offers Sign, which opens the sign dialog', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract({ status: 'sent' }), signedEmployment]),
      'GET /api/profile': () => jsonResponse(200, signerProfile),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'View contract Employment contract' }));
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'View contract Board member agreement' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Sign the contract' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Contract text' })).toBeInTheDocument();
  });
});

describe('focus returns to the opener when a dialog closes (issue 18, Accessibility)', () => {
  it('View opened with the keyboard and closed with Escape gives focus back to View', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/contracts': () => jsonResponse(200, [signedEmployment]) });
    renderTab();
    const view = await screen.findByRole('button', { name: 'View contract Employment contract' });
    view.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(view).toHaveFocus());
  });

  it('Sign opened from the View dialog gives focus back to the row’s View when it closes', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [contract({ status: 'sent' })]),
      'POST /api/contracts/1/viewed': () => new Response(null, { status: 204 }),
      'GET /api/profile': () => jsonResponse(200, signerProfile),
    });
    renderTab();
    const view = await screen.findByRole('button', { name: 'View contract Board member agreement' });
    view.focus();
    await user.keyboard('{Enter}');
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sign the contract' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(view).toHaveFocus());
  });
});

describe('the sign dialog fits a 1366x768 screen and a phone (issue 37: Clear and the alert were below the fold)', () => {
  it('puts the "please draw" alert beside Clear, right under the pad, and Clear and the alert never need the body scrolled to', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/contracts': () => jsonResponse(200, [contract()]) });
    renderTab();
    const dialog = await openSign(user);
    const controls = within(dialog).getByTestId('signature-controls');
    expect(within(controls).getByRole('alert')).toHaveTextContent('Please draw your signature before confirming.');
    expect(within(controls).getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    // The pad and its controls are shown as wide as the screen's height leaves room for (500 px at most).
    expect(within(dialog).getByTestId('signature-area')).toHaveClass(SIGNATURE_AREA_WIDTH);
    expect(SIGNATURE_AREA_WIDTH).toBe('w-[clamp(min(100%,15rem),calc((92dvh_-_29rem)_*_2.5),min(100%,500px))]');
    // The contract's text gives up height first (down to a few lines); nothing else in the body does.
    const text = within(dialog).getByRole('region', { name: 'Contract text' });
    expect(text).toHaveClass('shrink', 'min-h-[4.5rem]');
    expect(text).not.toHaveClass('shrink-0');
    // The legal line sits in the footer beside Cancel and Confirm, not in the body.
    const footer = within(dialog).getByRole('button', { name: 'Cancel' }).parentElement;
    expect(footer).toHaveTextContent(/By confirming you agree/);
  });
});
