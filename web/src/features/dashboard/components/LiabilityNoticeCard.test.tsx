import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import type { LiabilityNotice } from '../api/liability-notice';
import { LiabilityNoticeCard } from './LiabilityNoticeCard';

const NOTICE: LiabilityNotice = {
  version: '2026-12-01',
  title: 'What being a board member means',
  text: 'You become the company\'s legal manager.\n\nClaims can be made for five years.',
  acknowledged: false,
  acknowledgedAt: null,
};

describe('the liability notice on the dashboard (issue 36)', () => {
  it('shows the notice, asks for the box, and stores the acknowledgement of the version shown', async () => {
    let acknowledged = false;
    const fetchMock = stubApi({
      'GET /api/mandate/notice': () =>
        jsonResponse(200, acknowledged ? { ...NOTICE, acknowledged, acknowledgedAt: '2026-12-01T10:00:00Z' } : NOTICE),
      'POST /api/mandate/notice/acknowledgement': () => {
        acknowledged = true;
        return jsonResponse(200, { ...NOTICE, acknowledged, acknowledgedAt: '2026-12-01T10:00:00Z' });
      },
    });
    renderWithProviders(<LiabilityNoticeCard />, { user: applicant });
    expect(await screen.findByText('Claims can be made for five years.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What being a board member means' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tick the box to confirm that you have read the notice.');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/mandate/notice/acknowledgement', expect.anything());

    await user.click(screen.getByRole('checkbox', { name: 'I have read and understood this notice' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('liability-notice-acknowledged')).toBeInTheDocument());
    expect(requestBody(fetchMock, '/api/mandate/notice/acknowledgement')).toEqual({ version: '2026-12-01' });
    expect(screen.getByTestId('liability-notice-acknowledged')).toHaveTextContent(
      'On 1 December 2026 you confirmed that you have read the notice (version of 1 December 2026).',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says in Estonian when a newer version was published meanwhile', async () => {
    await i18n.changeLanguage('et');
    stubApi({
      'GET /api/mandate/notice': () => jsonResponse(200, { ...NOTICE, title: 'Mida tähendab olla juhatuse liige' }),
      'POST /api/mandate/notice/acknowledgement': () =>
        jsonResponse(422, { message: 'not the current version', code: 'notice_version_outdated', fields: {} }),
    });
    renderWithProviders(<LiabilityNoticeCard />, { user: applicant });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Olen selle teate läbi lugenud ja sellest aru saanud' }));
    await user.click(screen.getByRole('button', { name: 'Kinnita' }));
    expect(await screen.findByText('Vastutuse teatest on avaldatud uuem versioon. Laadige leht uuesti ja lugege kehtivat versiooni.')).toBeInTheDocument();
  });
});
