import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { admin, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import type { AdminContract } from '@/types/api';
import { RegisterDocuments } from './RegisterDocuments';

const LIST = '/api/admin/contracts?userId=7&limit=100';

function document(overrides: Partial<AdminContract> = {}): AdminContract {
  return {
    id: 42,
    applicationId: 11,
    userId: 7,
    kind: 'board_consent',
    title: "Juhatuse liikme nõusolek / Board member's consent — Nordic Shelf 17 OÜ (16123456)",
    content: '…',
    status: 'pending',
    createdAt: '2026-11-30T10:00:00Z',
    signedAt: null,
    expiresAt: null,
    signatureData: null,
    signatureMethod: null,
    createdBy: null,
    user: { fullName: 'Mari Maasikas', username: 'mari', email: 'mari@example.ee' },
    ...overrides,
  };
}

describe("the register's documents on the admin's company card (issues 33, 36)", () => {
  it('shows an unsigned consent without a download', async () => {
    stubApi({ [`GET ${LIST}`]: () => jsonResponse(200, [document(), document({ id: 3, kind: 'admin', title: 'Other' })]) });
    renderWithProviders(<RegisterDocuments applicationId={11} userId={7} />, { user: admin });
    expect(await screen.findByText('Not signed yet')).toBeInTheDocument();
    expect(screen.getByText("Board member's consent")).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText('Resignation letter')).not.toBeInTheDocument();
  });

  it('offers the signed consent and resignation letter as .asice, in Estonian', async () => {
    await i18n.changeLanguage('et');
    stubApi({
      [`GET ${LIST}`]: () =>
        jsonResponse(200, [
          document({ status: 'signed', signedAt: '2026-12-01T09:00:00Z', signatureMethod: 'smart_id' }),
          document({ id: 50, kind: 'resignation', status: 'signed', signedAt: '2027-06-30T09:00:00Z', signatureMethod: 'id_card' }),
        ]),
    });
    renderWithProviders(<RegisterDocuments applicationId={11} userId={7} />, { user: admin });
    expect(await screen.findByRole('link', { name: 'Laadi .asice alla: Juhatuse liikme nõusolek' })).toHaveAttribute(
      'href',
      '/api/contracts/42/asice',
    );
    expect(screen.getByRole('link', { name: 'Laadi .asice alla: Tagasiastumisavaldus' })).toHaveAttribute(
      'href',
      '/api/contracts/50/asice',
    );
    expect(screen.getByText('Allkirjastatud 1. detsember 2026')).toBeInTheDocument();
  });
});
