import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { payoutDetails } from '../test-fixtures';
import { PayoutDetailsCard } from './PayoutDetailsCard';

const URL = '/api/payout-details';
const MISSING = () => jsonResponse(404, { message: 'No bank details yet', code: 'payout_details_missing', fields: {} });

describe('Payout details form (issue 23, "Bank details and tax choices")', () => {
  it('asks for the details when there are none, and saves IBAN, holder, exemption and pension rate', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`GET ${URL}`]: MISSING,
      [`PUT ${URL}`]: () => jsonResponse(200, { ...payoutDetails, basicExemption: true, pensionRate: 4 }),
    });
    renderWithProviders(<PayoutDetailsCard />, { user: applicant });

    const iban = await screen.findByLabelText('Bank account (IBAN)');
    expect(screen.getByText(/Your payments wait until it is here/)).toBeInTheDocument();
    expect(screen.getByLabelText('Account holder')).toHaveValue('Mari Maasikas');
    expect(screen.getByLabelText('Funded pension (II pillar) rate')).toHaveValue('2');
    expect(screen.getByRole('checkbox', { name: 'Apply the basic exemption to this fee' })).toHaveAccessibleDescription(
      /no income tax is withheld/,
    );

    await user.type(iban, 'ee38 2200 2210 2014 5685');
    await user.click(screen.getByRole('checkbox', { name: 'Apply the basic exemption to this fee' }));
    await user.selectOptions(screen.getByLabelText('Funded pension (II pillar) rate'), '4');
    await user.click(screen.getByRole('button', { name: 'Save bank details' }));

    expect(await screen.findByText('Your bank details are saved')).toBeInTheDocument();
    expect(requestBody(fetchMock, URL, 1)).toEqual({
      iban: 'EE382200221020145685',
      accountHolder: 'Mari Maasikas',
      basicExemption: true,
      pensionRate: 4,
    });
    const saved = await screen.findByTestId('payout-details-saved');
    expect(saved).toHaveTextContent(/^Saved /);
    const card = screen.getByTestId('payout-details');
    expect(within(card).getByText('EE38 2200 2210 2014 5685')).toBeInTheDocument();
    expect(within(card).getByText('Applied')).toBeInTheDocument();
    expect(within(card).getByText('4%')).toBeInTheDocument();
  });

  it('shows its own errors under the fields and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`GET ${URL}`]: MISSING });
    renderWithProviders(<PayoutDetailsCard />, { user: { ...applicant, fullName: '' } });

    await user.click(await screen.findByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText('Enter your IBAN.')).toBeInTheDocument();
    expect(screen.getByText("Enter the account holder's name.")).toBeInTheDocument();
    expect(screen.getByLabelText('Bank account (IBAN)')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Bank account (IBAN)'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText(/This does not look like an IBAN/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's 422 field error under the IBAN, in the user's language", async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stubApi({
      [`GET ${URL}`]: MISSING,
      [`PUT ${URL}`]: () =>
        jsonResponse(422, {
          message: 'Kontrolli välju',
          code: 'validation_error',
          fields: { iban: 'IBAN-i kontrollnumbrid ei klapi.' },
        }),
    });
    renderWithProviders(<PayoutDetailsCard />, { user: applicant });

    await user.type(await screen.findByLabelText('Pangakonto (IBAN)'), 'EE39 2200 2210 2014 5685');
    await user.click(screen.getByRole('button', { name: 'Salvesta pangarekvisiidid' }));

    const error = await screen.findByText('IBAN-i kontrollnumbrid ei klapi.');
    expect(screen.getByLabelText('Pangakonto (IBAN)')).toHaveAccessibleDescription('IBAN-i kontrollnumbrid ei klapi.');
    expect(error).toBeInTheDocument();
    expect(await screen.findByText('Pangarekvisiite ei õnnestunud salvestada')).toBeInTheDocument();
    expect(screen.queryByTestId('payout-details-saved')).not.toBeInTheDocument();
  });

  it('shows the saved details and changes them with "Change"', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET ${URL}`]: () => jsonResponse(200, { ...payoutDetails, basicExemption: false, pensionRate: 0 }) });
    renderWithProviders(<PayoutDetailsCard />, { user: applicant });

    expect(await screen.findByText('EE38 2200 2210 2014 5685')).toBeInTheDocument();
    expect(screen.getByText('Not applied')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByLabelText('Bank account (IBAN)')).toHaveValue('EE38 2200 2210 2014 5685');
    expect(screen.getByLabelText('Funded pension (II pillar) rate')).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Bank account (IBAN)')).not.toBeInTheDocument());
  });
});
