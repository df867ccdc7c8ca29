import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminContract, signedEmployment } from '../test-fixtures';
import { callsTo, json, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import { ApplicantContractsPanel } from './ApplicantContractsPanel';

const CONTRACTS = '/api/admin/contracts';

describe("ApplicantContractsPanel (issue 17: the applicant's whole file)", () => {
  it("lists every contract of the user, without a user column, and creates one for this application", async () => {
    const user = userEvent.setup();
    let created = false;
    const employment = adminContract({ ...signedEmployment });
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === CONTRACTS) return pageResponse(created ? [adminContract({ id: 8, title: 'Addendum' }), employment] : [employment]);
      if (url.pathname === '/api/contracts' && init?.method === 'POST') {
        created = true;
        return json(201, adminContract({ id: 8, title: 'Addendum' }));
      }
      return undefined;
    });
    renderAt(<ApplicantContractsPanel userId={7} applicationId={11} />, '/admin/applications/11');

    const table = await screen.findByRole('table', { name: 'Contracts' });
    expect(callsTo(fetchMock, 'GET', CONTRACTS)[0].query).toEqual({ userId: '7', sort: 'createdAt', order: 'desc', limit: '200' });
    expect(within(table).getByText('Employment contract')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'User' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create contract' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: 'Applicant' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Addendum');
    await user.type(within(dialog).getByLabelText('Content'), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Create contract' }));

    expect(await screen.findByText('Contract created')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/contracts')[0].body).toEqual({ userId: 7, applicationId: 11, title: 'Addendum', content: 'Text' });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Contracts' })).getByText('Addendum')).toBeInTheDocument());
  });

  it('says so when the applicant has no contracts', async () => {
    stubFetch((url) => (url.pathname === CONTRACTS ? pageResponse([]) : undefined));
    renderAt(<ApplicantContractsPanel userId={7} applicationId={11} />, '/admin/applications/11');
    expect(await screen.findByText('No contracts yet')).toBeInTheDocument();
  });
});
