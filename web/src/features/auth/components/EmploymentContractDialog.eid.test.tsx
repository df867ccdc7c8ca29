import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { EmploymentContractDialog, type ContractSignature } from './EmploymentContractDialog';

/*
 * Issue 34: "The employment contract is then signed with the same eID as a qualified signature ... not with a typed
 * name". After an eID confirmed the identity, the registration's contract dialog asks for no typed name or ID code:
 * the contract is read and accepted, and signed with the eID on the dashboard after registration.
 */
const MARI: ContractSignature = { name: 'MARI MAASIKAS', idCode: '37605030299' };

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function renderDialog(eidMethod: string | null) {
  const onSign = vi.fn();
  renderWithProviders(
    <EmploymentContractDialog open onOpenChange={() => {}} onSign={onSign} signer={MARI} eidMethod={eidMethod} />,
  );
  return { dialog: screen.getByRole('dialog'), onSign };
}

describe('the registration contract dialog after an eID confirmed the identity (issue 34)', () => {
  it('asks for no typed signature, says the eID signs it after registration, and accepts', async () => {
    const user = userEvent.setup();
    const { dialog, onSign } = renderDialog('smart_id');
    expect(within(dialog).queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Estonian ID number')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Sign Digitally' })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('contract-eid-note')).toHaveTextContent(
      'Your name (MARI MAASIKAS) and ID code (37605030299) come from your eID. After you create your account, you ' +
        'sign this contract on your dashboard with Smart-ID: a qualified electronic signature, not a typed name.',
    );
    const accept = within(dialog).getByRole('button', { name: 'Accept the contract' });
    expect(accept).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read the employment contract and accept its terms.' }));
    expect(accept).toBeEnabled();
    await user.click(accept);
    expect(onSign).toHaveBeenCalledWith(MARI);
  });

  it('says so in Estonian', async () => {
    await act(() => i18n.changeLanguage('et'));
    const { dialog } = renderDialog('mobile_id');
    expect(within(dialog).getByTestId('contract-eid-note')).toHaveTextContent(
      'allkirjastate selle lepingu oma töölaual eID-ga (Mobiil-ID): kvalifitseeritud e-allkirjaga, mitte trükitud nimega.',
    );
    expect(within(dialog).getByRole('button', { name: 'Nõustun lepinguga' })).toBeInTheDocument();
  });

  it('keeps the typed signature for a typed registration', () => {
    const { dialog } = renderDialog(null);
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('MARI MAASIKAS');
    expect(within(dialog).getByRole('button', { name: 'Sign Digitally' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('contract-eid-note')).not.toBeInTheDocument();
  });
});
