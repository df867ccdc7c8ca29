import { fireEvent, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, json, renderAt, stubFetch } from '@/test/render-list';
import { type DataExport, EXPORTS_URL, REQUEST_EXPORT_URL } from '../api/data-export';
import { DataExportCard } from './DataExportCard';

const ID = '7d1c4f0e-2b7a-4c55-9a43-1f0e8d2c6b11';
const pending: DataExport = {
  id: ID,
  status: 'pending',
  requestedAt: '2031-06-01T22:29:00Z',
  readyAt: null,
  expiresAt: null,
  downloadUrl: null,
};
// 22:30 UTC on 8 June is 01:30 on 9 June in Tallinn.
const ready: DataExport = {
  ...pending,
  status: 'ready',
  readyAt: '2031-06-01T22:30:00Z',
  expiresAt: '2031-06-08T22:30:00Z',
  downloadUrl: `/api/privacy/exports/${ID}/download`,
};
const expired: DataExport = { ...ready, status: 'expired', downloadUrl: null };

function card() {
  return within(screen.getByTestId('data-export'));
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Download my data (issue 16)', () => {
  it('requests a copy, shows it being prepared while it polls, then the download link and its expiry', async () => {
    let requested = false;
    let listsSinceRequest = 0;
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === REQUEST_EXPORT_URL && init?.method === 'POST') {
        requested = true;
        return json(202, { id: ID });
      }
      if (url.pathname !== EXPORTS_URL) return undefined;
      if (!requested) return json(200, []);
      listsSinceRequest += 1;
      return json(200, [listsSinceRequest === 1 ? pending : ready]);
    });
    renderAt(<DataExportCard />, '/dashboard?tab=profile');

    expect(await screen.findByRole('heading', { name: 'Download my data' })).toBeInTheDocument();
    fireEvent.click(await card().findByRole('button', { name: 'Request a copy of my data' }));
    expect(await card().findByText(/Preparing your data/)).toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Request a copy of my data' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST', REQUEST_EXPORT_URL)).toHaveLength(1);

    const link = await card().findByRole('link', { name: 'Download (zip)' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', ready.downloadUrl);
    expect(card().getByText('Your copy is ready.')).toBeInTheDocument();
    const until = card().getByText(/9 Jun 2031/);
    expect(until).toHaveAttribute('dateTime', ready.expiresAt);
    expect(until).toHaveTextContent(/01:30/);
    expect(card().queryByText(/Preparing your data/)).not.toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Request a new copy' })).toBeEnabled();
    expect(callsTo(fetchMock, 'GET', EXPORTS_URL).length).toBeGreaterThanOrEqual(3);
  });

  it('says in Estonian when the last copy has expired and offers a new one', async () => {
    await i18n.changeLanguage('et');
    stubFetch((url) => (url.pathname === EXPORTS_URL ? json(200, [expired, ready]) : undefined));
    renderAt(<DataExportCard />, '/dashboard?tab=profile');

    expect(await screen.findByRole('heading', { name: 'Laadi alla minu andmed' })).toBeInTheDocument();
    expect(await card().findByTestId('data-export-expired')).toHaveTextContent(
      /Teie viimase koopia allalaadimislink aegus 9\. juuni 2031.*01:30/,
    );
    expect(card().queryByRole('link')).not.toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Telli koopia minu andmetest' })).toBeEnabled();
  });

  it('says when a request fails', async () => {
    stubFetch((url, init) => {
      if (url.pathname === REQUEST_EXPORT_URL && init?.method === 'POST') {
        return json(503, { message: 'Service unavailable', code: 'service_unavailable', fields: {} });
      }
      return url.pathname === EXPORTS_URL ? json(200, []) : undefined;
    });
    renderAt(<DataExportCard />, '/dashboard?tab=profile');
    fireEvent.click(await card().findByRole('button', { name: 'Request a copy of my data' }));
    expect(await screen.findByText('Could not request a copy of your data')).toBeInTheDocument();
  });

  it('says when the exports cannot be loaded', async () => {
    stubFetch((url) =>
      url.pathname === EXPORTS_URL ? json(503, { message: 'Service unavailable', code: 'service_unavailable' }) : undefined,
    );
    renderAt(<DataExportCard />, '/dashboard?tab=profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your data exports');
  });
});
