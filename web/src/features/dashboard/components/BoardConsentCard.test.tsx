import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import type { Contract } from '@/types/api';
import { BoardConsentCard } from './BoardConsentCard';

function consent(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 42,
    applicationId: 11,
    userId: 7,
    kind: 'board_consent',
    title: "Juhatuse liikme nõusolek / Board member's consent — Nordic Shelf 17 OÜ (16123456)",
    content: 'Juhatuse liikme nõusolek\n\n…',
    status: 'pending',
    createdAt: '2026-11-30T10:00:00Z',
    signedAt: null,
    expiresAt: null,
    signatureData: null,
    signatureMethod: null,
    ...overrides,
  };
}

describe("the board member's consent on the dashboard (issue 33)", () => {
  it('shows signing it as the next step, opening the sign dialog in the Contracts tab', async () => {
    stubApi({ 'GET /api/contracts': () => jsonResponse(200, [consent()]) });
    renderWithProviders(<BoardConsentCard applicationId={11} company="Nordic Shelf 17 OÜ" />, { user: applicant });
    const sign = await screen.findByRole('link', { name: 'Sign the consent' });
    expect(sign).toHaveAttribute('href', '/dashboard?tab=contracts&sign=42');
    expect(screen.getByText(/Next step: sign your consent .* Nordic Shelf 17 OÜ/)).toBeInTheDocument();
  });

  it('asks for the liability notice first while it is not acknowledged (issue 36)', async () => {
    const notice = { version: '2026-12-01', title: 'Notice', text: '…', acknowledged: false, acknowledgedAt: null };
    stubApi({
      'GET /api/contracts': () => jsonResponse(200, [consent()]),
      'GET /api/mandate/notice': () => jsonResponse(200, notice),
    });
    renderWithProviders(<BoardConsentCard applicationId={11} company="Nordic Shelf 17 OÜ" />, { user: applicant });
    expect(await screen.findByText(/First read the liability notice above/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign the consent' })).not.toBeInTheDocument();
  });

  it('offers the signed container to download, in Estonian', async () => {
    await i18n.changeLanguage('et');
    stubApi({
      'GET /api/contracts': () =>
        jsonResponse(200, [
          consent({ id: 40, status: 'cancelled', createdAt: '2026-11-29T10:00:00Z' }),
          consent({ status: 'signed', signedAt: '2026-12-01T09:00:00Z', signatureMethod: 'smart_id' }),
        ]),
    });
    renderWithProviders(<BoardConsentCard applicationId={11} company="Nordic Shelf 17 OÜ" />, { user: applicant });
    const download = await screen.findByRole('link', { name: 'Laadi allkirjastatud nõusolek alla (.asice)' });
    expect(download).toHaveAttribute('href', '/api/contracts/42/asice');
    expect(screen.getByText(/Allkirjastasite nõusoleku 1\. detsember 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Allkirjasta nõusolek' })).not.toBeInTheDocument();
  });

  it('shows nothing without a consent, or for another application', async () => {
    const api = stubApi({ 'GET /api/contracts': () => jsonResponse(200, [consent({ applicationId: 3 })]) });
    renderWithProviders(<BoardConsentCard applicationId={11} company="X OÜ" />, { user: applicant });
    await waitFor(() => expect(api).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('board-consent-card')).not.toBeInTheDocument();
  });
});
