import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, json, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import { ACCESS_LOG_URL, type AccessLogEntry } from '../api/get-access-log';
import { AccessLogCard } from './AccessLogCard';

// 21:30 UTC on 1 January is 23:30 in Tallinn; 22:30 UTC on 1 June is 01:30 on 2 June there.
const viewed: AccessLogEntry = { occurredAt: '2031-01-01T21:30:00Z', action: 'application.viewed', targetType: 'application' };
const downloaded: AccessLogEntry = { occurredAt: '2031-06-01T22:30:00Z', action: 'document.downloaded', targetType: 'document' };
const pdf: AccessLogEntry = { occurredAt: '2030-12-24T10:00:00Z', action: 'contract.pdf_viewed', targetType: 'contract' };

function entries() {
  return within(screen.getByTestId('access-log')).getAllByTestId('access-log-entry');
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('"Who has seen my data" (issue 16, Access transparency)', () => {
  it('lists the admin views and downloads as "Administrator", with Tallinn times, and shows more on demand', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.pathname !== ACCESS_LOG_URL) return undefined;
      return url.searchParams.get('offset') === '0' ? pageResponse([downloaded, viewed], 3) : pageResponse([pdf], 3);
    });
    renderAt(<AccessLogCard />, '/dashboard?tab=profile');

    expect(await screen.findByRole('heading', { name: 'Who has seen my data' })).toBeInTheDocument();
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [first, second] = entries();
    expect(first).toHaveTextContent('Administrator downloaded a document');
    expect(within(first).getByText(/2 Jun 2031/)).toHaveAttribute('dateTime', downloaded.occurredAt);
    expect(first).toHaveTextContent(/01:30/);
    expect(second).toHaveTextContent('Administrator viewed your application');
    expect(second).toHaveTextContent(/1 Jan 2031.*23:30/);
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', ACCESS_LOG_URL)[0].query).toEqual({ limit: '10', offset: '0' });

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries()[2]).toHaveTextContent('Administrator opened a contract PDF');
    expect(callsTo(fetchMock, 'GET', ACCESS_LOG_URL)[1].query).toEqual({ limit: '10', offset: '2' });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('reads in Estonian', async () => {
    await i18n.changeLanguage('et');
    stubFetch((url) => (url.pathname === ACCESS_LOG_URL ? pageResponse([viewed, downloaded, pdf]) : undefined));
    renderAt(<AccessLogCard />, '/dashboard?tab=profile');

    expect(await screen.findByRole('heading', { name: 'Kes on minu andmeid vaadanud' })).toBeInTheDocument();
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries().map((entry) => entry.querySelector('p')?.textContent)).toEqual([
      'Administraator vaatas teie taotlust',
      'Administraator laadis alla dokumendi',
      'Administraator avas lepingu PDF-i',
    ]);
    expect(screen.queryByRole('button', { name: 'Näita rohkem' })).not.toBeInTheDocument();
  });

  it('says when no admin has looked yet', async () => {
    stubFetch((url) => (url.pathname === ACCESS_LOG_URL ? pageResponse([]) : undefined));
    renderAt(<AccessLogCard />, '/dashboard?tab=profile');
    expect(await screen.findByText('No administrator has viewed your data yet.')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    stubFetch((url) =>
      url.pathname === ACCESS_LOG_URL ? json(503, { message: 'Service unavailable', code: 'service_unavailable' }) : undefined,
    );
    renderAt(<AccessLogCard />, '/dashboard?tab=profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load who has seen your data');
  });
});
