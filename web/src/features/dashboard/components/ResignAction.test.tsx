import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import type { Contract } from '@/types/api';
import { ResignAction } from './ResignAction';

/** The JSON body of the POST that made the letter. */
function posted(api: ReturnType<typeof stubApi>): unknown {
  const call = api.mock.calls.find(([input, init]) => input === '/api/mandate/resignation' && init?.method === 'POST');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

function letter(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 77,
    applicationId: 11,
    userId: 7,
    kind: 'resignation',
    title: 'Tagasiastumisavaldus / Resignation letter — Nordic Shelf 17 OÜ (16123456)',
    content: '…',
    status: 'pending',
    createdAt: '2026-12-01T10:00:00Z',
    signedAt: null,
    expiresAt: null,
    signatureData: null,
    signatureMethod: null,
    ...overrides,
  };
}

describe('resigning from the dashboard (issue 36)', () => {
  it('needs a reason before the term ends, then makes the letter and opens its sign dialog', async () => {
    const user = userEvent.setup();
    let made: Contract | null = null;
    const api = stubApi({
      // Once made, the letter is what GET answers: the Resign dialog gives way to it.
      'GET /api/mandate/resignation': () => (made ? jsonResponse(200, made) : jsonResponse(404, { code: 'not_found' })),
      'POST /api/mandate/resignation': () => jsonResponse(201, (made = letter())),
    });
    const { router } = renderWithProviders(<ResignAction plannedEnd="2099-06-30" removed={false} />, { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Resign' }));
    expect(screen.getByRole('dialog', { name: 'Resign from the management board' })).toHaveTextContent(
      'Your term runs until 30 June 2099. Before then you may resign only for cause',
    );
    await user.click(screen.getByRole('button', { name: 'Make the letter and sign it' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please give the reason for resigning before the end of your term.');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'The shareholders do not answer');
    await user.click(screen.getByRole('button', { name: 'Make the letter and sign it' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=contracts&sign=77'));
    expect(posted(api)).toEqual({ reason: 'The shareholders do not answer' });
  });

  it('from the term end the reason is optional (in Estonian)', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    const api = stubApi({ 'POST /api/mandate/resignation': () => jsonResponse(201, letter()) });
    renderWithProviders(<ResignAction plannedEnd="2020-01-31" removed={false} />, { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Astu tagasi' }));
    expect(screen.getByRole('textbox', { name: 'Põhjus (valikuline)' })).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Koosta avaldus ja allkirjasta' }));
    await waitFor(() => expect(posted(api)).toEqual({}));
  });

  it('an unsigned letter is signed or withdrawn, a signed one downloaded', async () => {
    const user = userEvent.setup();
    let current: Contract | null = letter();
    const api = stubApi({
      'GET /api/mandate/resignation': () => (current ? jsonResponse(200, current) : jsonResponse(404, { code: 'not_found' })),
      'DELETE /api/mandate/resignation': () => {
        current = null;
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<ResignAction plannedEnd="2099-06-30" removed={false} />, { user: applicant });
    expect(await screen.findByRole('link', { name: 'Sign the letter' })).toHaveAttribute('href', '/dashboard?tab=contracts&sign=77');
    await user.click(screen.getByRole('button', { name: 'Withdraw the letter' }));
    expect(await screen.findByRole('button', { name: 'Resign' })).toBeInTheDocument();
    expect(api.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('shows the signed letter with its container', async () => {
    stubApi({
      'GET /api/mandate/resignation': () =>
        jsonResponse(200, letter({ status: 'signed', signedAt: '2026-12-01T11:00:00Z', signatureMethod: 'mobile_id' })),
    });
    renderWithProviders(<ResignAction plannedEnd="2099-06-30" removed={false} />, { user: applicant });
    expect(await screen.findByRole('link', { name: 'Download the signed letter (.asice)' })).toHaveAttribute(
      'href',
      '/api/contracts/77/asice',
    );
    expect(screen.queryByRole('button', { name: 'Resign' })).not.toBeInTheDocument();
  });
});
