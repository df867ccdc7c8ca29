import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { EmploymentContractDialog, type ContractSignature } from './EmploymentContractDialog';

const MARI: ContractSignature = { name: 'Mari Maasikas', idCode: '37605030299' };

function renderDialog(onSign = vi.fn(), signer: ContractSignature = MARI) {
  renderWithProviders(<EmploymentContractDialog open onOpenChange={() => {}} onSign={onSign} signer={signer} />);
  return { dialog: screen.getByRole('dialog'), onSign };
}

async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

describe('EmploymentContractDialog (spec §2 auth screen)', () => {
  it('shows the contract in Estonian and English, 10 numbered sections each, section 5 with 3 bullets', () => {
    const { dialog } = renderDialog();
    for (const [heading, lang] of [
      ['Estonian version', 'et'],
      ['English version', 'en'],
    ] as const) {
      const version = within(dialog).getByRole('region', { name: heading });
      expect(version).toHaveAttribute('lang', lang);
      const sectionHeadings = within(version)
        .getAllByRole('heading', { level: 4 })
        .filter((h) => /^\d+\. /.test(h.textContent ?? ''));
      expect(sectionHeadings.map((h) => h.textContent?.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      const section5 = sectionHeadings[4].closest('li');
      expect(section5?.querySelectorAll('ul > li')).toHaveLength(3);
      expect(within(version).getAllByText('Shelf Board Services OÜ').length).toBeGreaterThan(0);
      expect(within(version).getByText('16543210')).toBeInTheDocument();
    }
    expect(within(dialog).getByText(/500 \(five hundred\) euros gross per month/)).toBeInTheDocument();
    expect(within(dialog).getByText(/500 \(viissada\) eurot kuus/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Harju County Court/)).toBeInTheDocument();
  });

  it("shows today's date and the signature block", () => {
    const { dialog } = renderDialog();
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Tallinn', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
    expect(within(dialog).getByText(today)).toBeInTheDocument();
    const en = within(dialog).getByRole('region', { name: 'English version' });
    for (const label of ['Authorized signatory:', 'Name:', 'Personal ID code:']) {
      expect(within(en).getByText(label)).toBeInTheDocument();
    }
    expect(within(en).getByText('Employee')).toBeInTheDocument();
    expect(within(en).getAllByText('Digital signature:')).toHaveLength(2);
  });

  it('keeps Sign Digitally disabled until acceptance is ticked and name and ID are filled', async () => {
    const user = userEvent.setup();
    const { dialog, onSign } = renderDialog();
    const sign = within(dialog).getByRole('button', { name: 'Sign Digitally' });
    const accept = within(dialog).getByRole('checkbox', { name: 'I have read the employment contract and accept its terms.' });
    // Both start with the registration form's values.
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('Mari Maasikas');
    expect(within(dialog).getByLabelText('Estonian ID number')).toHaveValue('37605030299');
    await retype(user, within(dialog).getByLabelText('Full name'), '');
    await retype(user, within(dialog).getByLabelText('Estonian ID number'), '');
    expect(sign).toBeDisabled();

    await user.click(accept);
    expect(sign).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Full name'), 'Mari Maasikas');
    expect(sign).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Estonian ID number'), '   ');
    expect(sign).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Estonian ID number'));
    await user.type(within(dialog).getByLabelText('Estonian ID number'), '37605030299');
    expect(sign).toBeEnabled();

    await user.click(accept);
    expect(sign).toBeDisabled();
    await user.click(accept);
    await user.click(sign);
    expect(onSign).toHaveBeenCalledWith({ name: 'Mari Maasikas', idCode: '37605030299' });
  });

  it.each([
    ['Full name', 'Someone Else Entirely', 'The name must be the same as the full name in the registration form',
      'Nimi peab olema sama mis registreerimisvormil sisestatud täisnimi'],
    ['Full name', 'Mari', 'The name must be the same as the full name in the registration form',
      'Nimi peab olema sama mis registreerimisvormil sisestatud täisnimi'],
    ['Estonian ID number', '123', 'The ID code must be the same as in the registration form',
      'Isikukood peab olema sama mis registreerimisvormil'],
    ['Estonian ID number', '49602290004', 'The ID code must be the same as in the registration form',
      'Isikukood peab olema sama mis registreerimisvormil'],
  ])('keeps Sign Digitally disabled for %s "%s", with the reason under the field (issue 13)', async (label, typed, en, et) => {
    const user = userEvent.setup();
    const { dialog, onSign } = renderDialog();
    const sign = within(dialog).getByRole('button', { name: 'Sign Digitally' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read the employment contract and accept its terms.' }));
    expect(sign).toBeEnabled();

    const field = within(dialog).getByLabelText(label);
    await retype(user, field, typed);
    expect(sign).toBeDisabled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(en);
    await user.click(sign);
    expect(onSign).not.toHaveBeenCalled();
    await act(() => i18n.changeLanguage('et'));
    expect(field).toHaveAccessibleDescription(et);
  });

  it('takes the name in any case and spacing, but Estonian letters exactly', async () => {
    const user = userEvent.setup();
    const { dialog, onSign } = renderDialog(vi.fn(), { name: 'Õie Šaržant', idCode: '49602290004' });
    const sign = within(dialog).getByRole('button', { name: 'Sign Digitally' });
    const name = within(dialog).getByLabelText('Full name');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read the employment contract and accept its terms.' }));

    await retype(user, name, 'Oie Sarzant');
    expect(sign).toBeDisabled();
    expect(name).toHaveAccessibleDescription('The name must be the same as the full name in the registration form');
    await retype(user, name, '  õie   ŠARŽANT ');
    expect(sign).toBeEnabled();
    expect(name).toHaveAttribute('aria-invalid', 'false');
    await user.click(sign);
    expect(onSign).toHaveBeenCalledWith({ name: 'õie   ŠARŽANT', idCode: '49602290004' });
  });

  it('lets a keyboard user reach the contract text, a named scroll area, with Tab (issue 18, WCAG 2.1.1)', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    const text = within(dialog).getByRole('region', { name: 'Contract text' });
    expect(text).toHaveAttribute('tabindex', '0');
    expect(text).toHaveClass('overflow-y-auto');
    expect(within(text).getByRole('region', { name: 'Estonian version' })).toBeInTheDocument();
    expect(within(text).getByRole('region', { name: 'English version' })).toBeInTheDocument();
    for (let presses = 0; presses < 10 && document.activeElement !== text; presses += 1) await user.tab();
    expect(text).toHaveFocus();
    await act(() => i18n.changeLanguage('et'));
    expect(within(dialog).getByRole('region', { name: 'Lepingu tekst' })).toBe(text);
    await act(() => i18n.changeLanguage('en'));
  });

  it('is at most 800 px wide', () => {
    const { dialog } = renderDialog();
    expect(dialog.className).toContain('max-w-[800px]');
  });
});
