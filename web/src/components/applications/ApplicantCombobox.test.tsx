import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Label } from '@/components/ui/label';
import { listItem } from '@/test/applications';
import i18n from '@/test/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { ApplicantCombobox, type ApplicantChoice } from './ApplicantCombobox';

const MARI = listItem(21, { userId: 7, user: { fullName: 'Mari Maasikas', username: 'mari', email: 'mari@example.ee', phone: null } });
const JAAN = listItem(30, { userId: 9, status: 'in_review', user: { fullName: 'Jaan Tamm', username: 'jaan', email: 'jaan@example.ee', phone: null } });

/** Answers the applications search: every applicant for no q, else those whose name or e-mail has the text. */
function stubSearch() {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname !== '/api/admin/applications') return jsonResponse(404, { message: 'Not found', code: 'not_found' });
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = [JAAN, MARI].filter((item) => `${item.user.fullName} ${item.user.email}`.toLowerCase().includes(q));
    return jsonResponse(200, found);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Picker({ initial = null, onPick }: { initial?: ApplicantChoice | null; onPick: (choice: ApplicantChoice | null) => void }) {
  const [value, setValue] = useState<ApplicantChoice | null>(initial);
  return (
    <>
      <Label htmlFor="applicant">Applicant</Label>
      <ApplicantCombobox
        id="applicant"
        value={value}
        onChange={(choice) => {
          setValue(choice);
          onPick(choice);
        }}
      />
      <button type="button" onClick={() => setValue(null)}>
        Reset
      </button>
    </>
  );
}

function requestedUrls(fetchMock: ReturnType<typeof stubSearch>) {
  return fetchMock.mock.calls.map(([input]) => String(input));
}

describe('ApplicantCombobox (issue 17: the user pickers become a searchable combobox that asks the server)', () => {
  it('asks the server with the typed text (debounced, 10 at most) and lists name, e-mail, ID code and application', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSearch();
    renderWithProviders(<Picker onPick={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Applicant' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');

    await user.type(input, 'mari');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Applicants' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    const option = within(listbox).getByRole('option');
    expect(option).toHaveTextContent('Mari Maasikas');
    expect(option).toHaveTextContent('mari@example.ee · 3••••••••21'); // masked by the server (issue 16)
    expect(option).toHaveTextContent('Application #21 · Pending Review');
    // Debounced: no call per key, only for the finished word (and none for the partial ones).
    const urls = requestedUrls(fetchMock);
    expect(urls).toContain('/api/admin/applications?q=mari&limit=10');
    expect(urls.filter((url) => url.includes('q=m&') || url.includes('q=ma&'))).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('1 applicant found');
  });

  it('moves with the arrow keys, picks with Enter and reports the applicant with the application', async () => {
    const user = userEvent.setup();
    stubSearch();
    const onPick = vi.fn<(choice: ApplicantChoice | null) => void>();
    renderWithProviders(<Picker onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Applicant' });
    await user.click(input);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    const [jaan, mari] = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', jaan.id);
    expect(jaan).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', mari.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', jaan.id); // wraps round
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', mari.id);
    await user.keyboard('{Enter}');

    expect(onPick).toHaveBeenLastCalledWith({ userId: 7, applicationId: 21, name: 'Mari Maasikas' });
    expect(input).toHaveValue('Mari Maasikas');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveFocus();
  });

  it('picks with the mouse, clears the choice when the text is changed, and closes with Escape', async () => {
    const user = userEvent.setup();
    stubSearch();
    const onPick = vi.fn<(choice: ApplicantChoice | null) => void>();
    renderWithProviders(<Picker onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Applicant' });
    await user.type(input, 'jaan');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.click(screen.getByRole('option', { name: /Jaan Tamm/ }));
    expect(onPick).toHaveBeenLastCalledWith({ userId: 9, applicationId: 30, name: 'Jaan Tamm' });

    await user.type(input, 'x');
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('shows an outside change of the value (a form reset) and drops unpicked text on leaving', async () => {
    const user = userEvent.setup();
    stubSearch();
    renderWithProviders(<Picker initial={{ userId: 9, applicationId: 30, name: 'Jaan Tamm' }} onPick={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Applicant' });
    expect(input).toHaveValue('Jaan Tamm');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('');
    await user.type(input, 'nobody');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No applicant matches'));
    await user.tab();
    expect(input).toHaveValue('');
  });

  it('says when the search failed, in Estonian too', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => jsonResponse(500, { message: 'Down', code: 'internal_error' })));
    renderWithProviders(<Picker onPick={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Applicant' });
    expect(input).toHaveAttribute('placeholder', 'Otsige nime, e-posti või isikukoodi järgi');
    await user.click(input);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Taotlejate otsimine ebaõnnestus'));
  });
});
