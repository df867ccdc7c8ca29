import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { callsTo, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import { auditRecord } from '../test-fixtures';
import { AccessHistoryCard } from './AccessHistoryCard';

const AUDIT = '/api/admin/audit';

describe('access history card (issue 15: "on the application detail page, a card with the access history")', () => {
  it("lists the newest records about the applicant and links to all of them in the Activity tab", async () => {
    const fetchMock = stubFetch((url) =>
      url.pathname === AUDIT
        ? pageResponse([auditRecord(), auditRecord({ id: 40, action: 'document.reviewed', targetType: 'document', targetId: '5', details: { decision: 'approved' } })], 31)
        : undefined,
    );
    renderAt(<AccessHistoryCard userId={9} />, '/admin/applications/30');

    const card = await screen.findByTestId('access-history');
    await waitFor(() => expect(within(card).getAllByTestId('audit-row')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', AUDIT)[0].query).toEqual({ applicant: '9', limit: '20', offset: '0' });
    expect(screen.getByRole('heading', { name: 'Access history' })).toBeInTheDocument();
    const [first, second] = within(card).getAllByTestId('audit-row');
    expect(within(first).getByText('Viewed an application')).toBeInTheDocument();
    expect(within(second).getByText('Reviewed a document')).toBeInTheDocument();
    expect(within(second).getByText('Approved')).toBeInTheDocument();
    // The applicant is the card's own: no applicant column.
    expect(within(first).queryByText('Mari Maasikas')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all 31 in Activity' })).toHaveAttribute('href', '/admin?tab=activity&applicant=9');
  });

  it('says when nobody has looked yet', async () => {
    stubFetch((url) => (url.pathname === AUDIT ? pageResponse([]) : undefined));
    renderAt(<AccessHistoryCard userId={9} />, '/admin/applications/30');
    expect(await screen.findByText("No admin has viewed or changed this applicant's data yet.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /in Activity/ })).not.toBeInTheDocument();
  });

  it.each([
    ['et', 1, 'Näita tegevuslogis'],
    ['et', 31, 'Näita kõiki 31 kirjet tegevuslogis'],
    ['en', 1, 'Show in Activity'],
    ['en', 31, 'Show all 31 in Activity'],
  ] as const)('%s, %i record(s): the link says it as a person would (issue 37: "Näita kõiki 1 tegevuslogis")', async (language, total, name) => {
    await i18n.changeLanguage(language);
    stubFetch((url) => (url.pathname === AUDIT ? pageResponse([auditRecord()], total) : undefined));
    renderAt(<AccessHistoryCard userId={9} />, '/admin/applications/30');
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', '/admin?tab=activity&applicant=9');
  });
});
