import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import type { Mandate } from '@/types/api';
import { MandateCard } from './MandateCard';

const MANDATE: Mandate = {
  company: 'Nordic Shelf 17 OÜ',
  registryCode: '16123456',
  appointedOn: '2026-06-26',
  plannedEnd: '2026-12-23',
  removalDeadline: '2027-01-04',
  removedOn: null,
  status: 'ending',
};

function steps() {
  const timeline = screen.getByRole('list', { name: /timeline|ajajoon/i });
  return within(timeline)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('the mandate on the dashboard (issue 36)', () => {
  it('shows the timeline: appointed, ends, to be removed by, removed', async () => {
    stubApi({ 'GET /api/mandate': () => jsonResponse(200, MANDATE) });
    renderWithProviders(<MandateCard />, { user: applicant });
    expect(await screen.findByText('Ending soon')).toHaveAttribute('data-status', 'ending');
    expect(screen.getByRole('heading', { name: 'Board membership at the Business Register' })).toBeInTheDocument();
    expect(steps()).toEqual([
      'Appointed26 June 2026',
      'Term ends23 December 2026',
      'To be removed by4 January 2027',
      'RemovedNot yet',
    ]);
    expect(screen.getByTestId('mandate-hint')).toHaveTextContent(
      'Your term ends on 23 December 2026. The company\'s shareholders must file your removal from the Business Register by 4 January 2027.',
    );
  });

  it('reads in Estonian, and says when the removal is overdue', async () => {
    await i18n.changeLanguage('et');
    stubApi({ 'GET /api/mandate': () => jsonResponse(200, { ...MANDATE, status: 'removal_overdue' }) });
    renderWithProviders(<MandateCard />, { user: applicant });
    expect(await screen.findByText('Tagandamine hilineb')).toHaveAttribute('data-status', 'removal_overdue');
    expect(steps()).toEqual([
      'Ametisse nimetatud26. juuni 2026',
      'Ametiaeg lõpeb23. detsember 2026',
      'Tagandada hiljemalt4. jaanuar 2027',
      'TagandatudVeel mitte – tagandamine hilineb',
    ]);
  });

  it('says what is not known yet before the appointment', async () => {
    stubApi({
      'GET /api/mandate': () =>
        jsonResponse(200, { ...MANDATE, appointedOn: null, plannedEnd: null, removalDeadline: null, status: 'awaiting_appointment' }),
    });
    renderWithProviders(<MandateCard />, { user: applicant });
    expect(await screen.findByText('Awaiting appointment')).toBeInTheDocument();
    expect(steps()).toEqual([
      'AppointedNot yet entered in the Business Register',
      'Term endsNot known yet',
      'To be removed byNot known yet',
      'RemovedNot yet',
    ]);
  });

  it('shows nothing once the answer is that no company is assigned (404)', async () => {
    const fetchMock = stubApi({ 'GET /api/mandate': () => jsonResponse(404, { message: 'No mandate', code: 'not_found' }) });
    renderWithProviders(<MandateCard />, { user: applicant });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Board membership at the Business Register' })).not.toBeInTheDocument(),
    );
  });

  it('shows an error when the service is down', async () => {
    stubApi({ 'GET /api/mandate': () => jsonResponse(503, { message: 'down', code: 'unavailable' }) });
    renderWithProviders(<MandateCard />, { user: applicant });
    expect(await screen.findByText('Your board membership could not be loaded. Please try again later.')).toBeInTheDocument();
  });
});
