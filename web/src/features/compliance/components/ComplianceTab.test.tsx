import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import type { ClientCase, ScreeningHit } from '../api/compliance';
import { ComplianceTab } from './ComplianceTab';

const HIT: ScreeningHit = {
  id: 9,
  subjectType: 'person',
  subjectId: 4,
  subjectName: 'Ivan Petrovsky',
  source: 'eu',
  listReference: 'EU.9001.11',
  listNames: ['Ivan Sergeyevich PETROVSKY'],
  score: 100,
  explanation: { listedName: 'Ivan Sergeyevich PETROVSKY', dateOfBirth: 'born 1971-03-14, as listed' },
  status: 'open',
  decisionReason: null,
  decidedAt: null,
  createdAt: '2026-11-29T07:00:00Z',
};

const CASE: ClientCase = {
  id: 3,
  kind: 'company',
  name: 'Baltic Shelf Holdings Ltd',
  country: 'CY',
  status: 'in_review',
  riskLevel: 'medium',
  riskScore: 50,
  reviewDue: null,
  expired: false,
  openHits: 1,
  createdAt: '2026-11-29T07:00:00Z',
  registryCode: 'HE 401777',
  address: 'Nicosia',
  purpose: 'Holding',
  sourceOfFunds: 'Dividends',
  sourceOfWealth: null,
  dateOfBirth: null,
  ownershipLayers: 1,
  riskFactors: [
    { factor: 'board_member_service', weight: 40, rating: 'high', details: {} },
    { factor: 'company_client', weight: 10, rating: 'medium', details: {} },
  ],
  decisionReason: null,
  decidedAt: null,
  people: [],
  hits: [HIT],
  history: [{ action: 'created', actorId: 1, at: '2026-11-29T07:00:00Z', details: {} }],
};

describe('admin Compliance tab (issue 35)', { timeout: 20_000 }, () => {
  it('lists the clients with risk and status and opens a case with its factors and hit', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/api/admin/clients') return pageResponse([CASE], 1);
      if (method === 'GET' && url.pathname === '/api/admin/clients/3') return json(200, CASE);
      return undefined;
    });
    const { router } = renderAt(<ComplianceTab />, '/admin?tab=compliance');

    const row = await screen.findByTestId('client-row');
    expect(within(row).getByTestId('risk-level')).toHaveTextContent('Medium risk (50)');
    expect(within(row).getByTestId('case-status')).toHaveTextContent('In review');
    expect(within(row).getByText('1 open hit')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/admin/clients')[0].query).toMatchObject({ limit: '20', offset: '0' });

    await user.click(within(row).getByRole('button', { name: 'Open the case of Baltic Shelf Holdings Ltd' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=compliance&client=3'));
    expect(await screen.findByTestId('risk-factors')).toHaveTextContent('Board-member serviceweight 40');
    expect(screen.getByTestId('hit')).toHaveTextContent('EU consolidated list, EU.9001.11, score 100');
    expect(screen.getByRole('button', { name: 'Decide the hit on Ivan Petrovsky' })).toBeInTheDocument();
  });

  it('ends the business relationship of a case: closed, with the day its five years count from', async () => {
    const user = userEvent.setup();
    const approved: ClientCase = { ...CASE, status: 'approved', hits: [], openHits: 0, reviewDue: '2027-12-01' };
    const fetchMock = stubFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/api/admin/clients/3') return json(200, approved);
      if (method === 'POST' && url.pathname === '/api/admin/clients/3/close') {
        Object.assign(approved, { status: 'closed', relationshipEndedOn: '2026-11-30' });
        return json(200, approved);
      }
      return undefined;
    });
    renderAt(<ComplianceTab />, '/admin?tab=compliance&client=3');
    await user.click(await screen.findByRole('button', { name: 'End the relationship' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the business relationship' });
    expect(within(dialog).getByText(/kept five years from the day the relationship ended/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Ended on (empty: today)'), '30.11.2026');
    await user.click(within(dialog).getByRole('button', { name: 'End the relationship' }));
    expect(await screen.findByText('Relationship ended on 30 November 2026: records kept five years from then')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/clients/3/close')[0].body).toEqual({ endedOn: '2026-11-30' });
    expect(screen.getByTestId('case-status')).toHaveTextContent('Relationship ended');
    expect(screen.queryByRole('button', { name: 'End the relationship' })).not.toBeInTheDocument();
  });

  it('tells an admin who is no compliance officer that reports are for officers', async () => {
    stubFetch((url) =>
      url.pathname === '/api/admin/suspicion-reports'
        ? json(403, { message: 'Only a compliance officer can do this', code: 'not_compliance_officer', fields: {} })
        : undefined,
    );
    renderAt(<ComplianceTab />, '/admin?tab=compliance&view=reports');
    expect(await screen.findByText('Only compliance officers see suspicion reports.')).toBeInTheDocument();
  });
});
