import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import type { Contract, Profile } from '@/types/api';
import { contract, signerProfile } from '../test-fixtures';
import { ContractsTab } from './ContractsTab';

/*
 * Issue 34: "The employment contract is then signed with the same eID as a qualified signature ... not with a
 * typed name". For an applicant who registered with an eID the sign dialog offers only the eID methods, starting on
 * the one they registered with, with their (certificate's) name and ID code shown; a typed or drawn signature is not
 * offered. Anyone else, and any other contract, keeps drawing as the default.
 */
vi.mock('@web-eid/web-eid-library', () => ({ getSigningCertificate: vi.fn(), sign: vi.fn() }));

const employment = contract({ id: 5, kind: 'employment', title: 'Töölepingu', status: 'pending' });

function api(profile: Profile, rows: Contract[] = [employment]) {
  return stubApi({
    'GET /api/contracts': () => jsonResponse(200, rows),
    'POST /api/contracts/5/viewed': () => jsonResponse(204, undefined),
    'GET /api/profile': () => jsonResponse(200, profile),
    'POST /api/contracts/5/esign': () =>
      jsonResponse(201, {
        sessionId: 'sid-1', method: 'mobile_id', state: 'running', error: null, verificationCode: '4321',
        digest: null, hashFunction: null, demo: false,
      }),
    'GET /api/contracts/5/esign/sid-1': () =>
      jsonResponse(200, {
        sessionId: 'sid-1', method: 'mobile_id', state: 'running', error: null, verificationCode: '4321',
        digest: null, hashFunction: null, demo: false,
      }),
  });
}

const registeredWith = (method: string): Profile => ({
  ...signerProfile,
  eidVerifiedMethod: method,
  eidVerifiedAt: '2026-12-01T22:30:00Z',
});

async function openDialog(user: ReturnType<typeof userEvent.setup>, title = 'Employment contract') {
  renderWithProviders(<ContractsTab />, { user: applicant });
  await user.click(await screen.findByRole('button', { name: `Sign contract ${title}` }));
  return screen.getByRole('dialog');
}

describe('the sign dialog of an applicant who registered with an eID (issue 34)', () => {
  it.each([
    ['smart_id', 'Smart-ID'],
    ['mobile_id', 'Mobile-ID'],
    ['id_card', 'ID-card'],
  ])('offers only eID for the employment contract, starting on %s, and says why', async (method, name) => {
    const user = userEvent.setup();
    api(registeredWith(method));
    const dialog = await openDialog(user);
    await waitFor(() => expect(within(dialog).getByRole('radio', { name })).toBeChecked());
    const radios = within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(radios).toEqual(['smart_id', 'mobile_id', 'id_card']);
    expect(within(dialog).queryByRole('radio', { name: 'Type your name' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: 'Draw' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Signature drawing area' })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('esign-only')).toHaveTextContent(
      `You registered with ${name}, so you sign your employment contract with your eID too`,
    );
    // the signer is the certificate's person: the ID code the eID will be asked for is shown, read-only
    expect(within(dialog).getByLabelText('ID code')).toHaveValue('38004120009');
    expect(within(dialog).getByLabelText('ID code')).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Confirm signature' })).not.toBeInTheDocument();
  });

  it('Mobile-ID starts with the profile phone prefilled and signs for the employment contract', async () => {
    const user = userEvent.setup();
    const fetchMock = api(registeredWith('mobile_id'));
    const dialog = await openDialog(user);
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Mobile-ID' })).toBeChecked());
    expect(within(dialog).getByLabelText('Mobile-ID phone number')).toHaveValue('+3725551234');
    await user.click(within(dialog).getByRole('button', { name: 'Sign with Mobile-ID' }));
    expect(await within(dialog).findByText('4321')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/contracts/5/esign')).toEqual({ method: 'mobile_id', phone: '+3725551234' });
  });

  it('says so in Estonian too', async () => {
    const user = userEvent.setup();
    api(registeredWith('smart_id'));
    await act(() => i18n.changeLanguage('et'));
    try {
      renderWithProviders(<ContractsTab />, { user: applicant });
      await user.click(await screen.findByRole('button', { name: /Allkirjasta leping/ }));
      const dialog = screen.getByRole('dialog');
      await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Smart-ID' })).toBeChecked());
      expect(within(dialog).getByTestId('esign-only')).toHaveTextContent(
        'Registreerusite eID-ga (Smart-ID), seega allkirjastate töölepingu samuti eID-ga',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("keeps drawing as the default for a typed registration's employment contract", async () => {
    const user = userEvent.setup();
    api(signerProfile);
    const dialog = await openDialog(user);
    await waitFor(() => expect(within(dialog).getByLabelText('ID code')).toHaveValue('38004120009'));
    expect(within(dialog).getByRole('radio', { name: 'Draw' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Type your name' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('esign-only')).not.toBeInTheDocument();
  });

  it("an admin's contract for an eID-registered applicant may still be drawn", async () => {
    const user = userEvent.setup();
    api(registeredWith('smart_id'), [contract()]);
    const dialog = await openDialog(user, 'Board member agreement');
    await waitFor(() => expect(within(dialog).getByLabelText('ID code')).toHaveValue('38004120009'));
    expect(within(dialog).getByRole('radio', { name: 'Draw' })).toBeChecked();
    expect(within(dialog).queryByTestId('esign-only')).not.toBeInTheDocument();
  });
});
