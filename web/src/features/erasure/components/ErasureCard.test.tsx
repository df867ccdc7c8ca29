import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import i18n from '@/test/i18n';
import { callsTo, json, stubFetch } from '@/test/render-list';
import { applicant, renderWithProviders } from '@/test/render';
import type { OwnErasureRequest } from '../api/erasure';
import { ownErasureRequest } from '../test-fixtures';
import { ErasureCard } from './ErasureCard';

const OWN = '/api/privacy/erasure';

function api(latest: OwnErasureRequest | null, post?: (body: unknown) => Response) {
  return stubFetch((url, init) => {
    if (url.pathname !== OWN) return undefined;
    if (init?.method === 'POST' && post) return post(JSON.parse(String(init.body)));
    return latest ? json(200, latest) : undefined; // none yet: 404
  });
}

describe('"Delete my data" card (issue 16, Erasure (Art. 17))', { timeout: 20_000 }, () => {
  it('asks for a reason, explains what is kept for 7 years and the end of sign-in, and sends only once confirmed', async () => {
    const user = userEvent.setup();
    const fetchMock = api(null, (body) =>
      json(202, ownErasureRequest({ reason: (body as { reason: string }).reason })),
    );
    renderWithProviders(<ErasureCard />, { user: applicant });
    const form = await screen.findByRole('form', { name: 'Request the erasure of my data' });

    await user.click(within(form).getByRole('button', { name: 'Delete my data' }));
    expect(await within(form).findByText('Please give a reason')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText('Why do you want your data deleted?'), '  I no longer want to apply ');
    await user.click(within(form).getByRole('button', { name: 'Delete my data' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your data?' });
    expect(dialog).toHaveTextContent('kept for 7 years after the contract ends');
    expect(dialog).toHaveTextContent('Your account can no longer sign in.');
    expect(callsTo(fetchMock, 'POST', OWN)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Your erasure request was sent')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', OWN)).toEqual([{ query: {}, body: { reason: 'I no longer want to apply' } }]);
    const status = await screen.findByTestId('erasure-status');
    expect(status).toHaveTextContent('Waiting for a decision');
    expect(screen.queryByRole('form', { name: 'Request the erasure of my data' })).not.toBeInTheDocument();
  });

  it('shows a pending request with its due date (Europe/Tallinn) and no second form', async () => {
    api(ownErasureRequest());
    renderWithProviders(<ErasureCard />, { user: applicant });
    const status = await screen.findByTestId('erasure-status');
    expect(status).toHaveTextContent('Your request is waiting for a decision.');
    expect(screen.getByTestId('erasure-due-date')).toHaveTextContent('We will answer by 2 July 2026');
    // 21:30 UTC on 1 June is 00:30 on 2 June in Tallinn.
    expect(status).toHaveTextContent(formatDateTime('2026-06-01T21:30:00Z', 'en'));
    expect(formatDateTime('2026-06-01T21:30:00Z', 'en')).toBe('2 Jun 2026, 00:30');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows a refusal with its reason, in Estonian too, and lets the applicant ask again', async () => {
    await i18n.changeLanguage('et');
    api(ownErasureRequest({ status: 'refused', decidedAt: '2026-06-10T08:00:00Z', decisionReason: 'Leping kehtib veel' }));
    renderWithProviders(<ErasureCard />, { user: { ...applicant, language: 'et' } });
    expect(await screen.findByTestId('erasure-refusal')).toHaveTextContent('Tagasilükkamise põhjus: Leping kehtib veel');
    expect(screen.getByTestId('erasure-status')).toHaveTextContent('Tagasi lükatud');
    expect(screen.getByRole('heading', { name: 'Kustuta minu andmed' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Taotle oma andmete kustutamist' })).toBeInTheDocument();
  });

  it('shows a refusal from the service, e.g. a request already open elsewhere', async () => {
    const user = userEvent.setup();
    api(null, () => json(409, { message: 'An erasure request is already open', code: 'erasure_already_requested', fields: {} }));
    renderWithProviders(<ErasureCard />, { user: applicant });
    await user.type(await screen.findByLabelText('Why do you want your data deleted?'), 'Please');
    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Could not send your erasure request')).toBeInTheDocument();
    expect(screen.getByText('You already have an erasure request waiting for a decision.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the loading and the load failure', async () => {
    stubFetch(() => json(500, { message: 'Database down', code: 'internal', fields: {} }));
    renderWithProviders(<ErasureCard />, { user: applicant });
    expect(screen.getByText('Loading your erasure request…')).toBeInTheDocument();
    expect(await screen.findByText('Could not load your erasure request')).toBeInTheDocument();
  });
});
