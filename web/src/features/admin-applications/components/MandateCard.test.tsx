import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { admin, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import type { Mandate } from '@/types/api';
import { MandateCard } from './MandateCard';

const URL = '/api/admin/applications/5/mandate';
const MANDATE: Mandate = {
  company: 'Nordic Shelf 17 OÜ',
  registryCode: '16123456',
  appointedOn: '2026-05-04',
  plannedEnd: '2026-10-30',
  removalDeadline: '2026-11-06',
  removedOn: null,
  status: 'removal_overdue',
};

function render() {
  return renderWithProviders(<MandateCard id="5" />, { user: admin });
}

describe("the mandate card on the applicant's file (issue 36)", () => {
  it('shows the timeline and records the removal entered in the Business Register', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`GET ${URL}`]: () => jsonResponse(200, MANDATE),
      [`PUT ${URL}`]: () => jsonResponse(200, { ...MANDATE, removedOn: '2026-11-20', status: 'removed' }),
    });
    render();
    expect(await screen.findByText('Removal overdue')).toHaveAttribute('data-status', 'removal_overdue');
    expect(screen.getByRole('heading', { name: 'Board mandate' })).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Board membership timeline' });
    expect(within(timeline).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Appointed4 May 2026',
      'Term ends30 October 2026',
      'To be removed by6 November 2026',
      'RemovedNot yet – the removal is overdue',
    ]);

    // The portal's one date control, holding what was recorded (dd/mm/yyyy in English).
    const appointed = screen.getByLabelText('Appointment entered on');
    expect(appointed).toHaveValue('04/05/2026');
    const removed = screen.getByLabelText('Removal entered on');
    expect(removed).toHaveValue('');
    await user.type(removed, '20/11/2026');
    await user.click(screen.getByRole('button', { name: 'Save dates' }));

    expect(await screen.findByText('Mandate dates saved')).toBeInTheDocument();
    expect(requestBody(fetchMock, URL, 1)).toEqual({ appointedOn: '2026-05-04', removedOn: '2026-11-20' });
    expect(await screen.findByText('Removed', { selector: '[data-status]' })).toHaveAttribute('data-status', 'removed');
    expect(within(timeline).getAllByRole('listitem')[3]).toHaveTextContent('Removed20 November 2026');
  });

  it("shows the server's date rule under its field in Estonian, and clears a date as null", async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`GET ${URL}`]: () => jsonResponse(200, MANDATE),
      [`PUT ${URL}`]: () =>
        jsonResponse(422, {
          message: 'The removal cannot be before the appointment',
          code: 'validation_error',
          fields: { removedOn: 'The removal cannot be before the appointment' },
          fieldCodes: { removedOn: 'removal_before_appointment' },
        }),
    });
    render();
    const removed = await screen.findByLabelText('Tagandamise kande kuupäev');
    await user.type(removed, '01.05.2026');
    await user.clear(screen.getByLabelText('Ametisse nimetamise kande kuupäev'));
    await user.click(screen.getByRole('button', { name: 'Salvesta kuupäevad' }));

    await waitFor(() => expect(removed).toHaveAccessibleDescription('Tagandamine ei saa olla enne ametisse nimetamist'));
    expect(removed).toHaveAttribute('aria-invalid', 'true');
    expect(requestBody(fetchMock, URL, 1)).toEqual({ appointedOn: null, removedOn: '2026-05-01' });
  });

  it('stops a text that is not a date before sending it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`GET ${URL}`]: () => jsonResponse(200, MANDATE) });
    render();
    await user.type(await screen.findByLabelText('Removal entered on'), '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Save dates' }));
    expect(await screen.findByText('Check the date')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it('is not shown for an application without a company (404)', async () => {
    const fetchMock = stubApi({});
    render();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Board mandate' })).not.toBeInTheDocument());
  });
});
