import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CreateContractDialog } from '@/features/contracts/components/CreateContractDialog';
import { RequestDocumentDialog } from '@/features/documents/components/RequestDocumentDialog';
import i18n from '@/test/i18n';
import { admin, renderWithProviders, stubApi } from '@/test/render';

/*
 * Issue 37, What a new user found: the same mistake, two titles. An empty document request said 'Missing
 * information', an empty contract 'Incomplete'; spec §5 names one 'incomplete' toast for both.
 */
const DIALOGS = [
  ['document request', <RequestDocumentDialog key="request" />, { en: ['Request document', 'Send request'], et: ['Küsi dokumenti', 'Saada päring'] }],
  ['contract', <CreateContractDialog key="contract" />, { en: ['Create contract', 'Create contract'], et: ['Koosta leping', 'Koosta leping'] }],
] as const;

describe("spec §5's one 'incomplete' toast (issue 37)", () => {
  it.each(['en', 'et'] as const)('%s: an empty document request and an empty contract get the same toast, and nothing is sent', async (language) => {
    await i18n.changeLanguage(language);
    const [title, text] = language === 'en' ? ['Incomplete', 'Please fill in all required fields'] : ['Andmed puudulikud', 'Palun täitke kõik kohustuslikud väljad'];
    for (const [, dialog, buttons] of DIALOGS) {
      const user = userEvent.setup();
      const fetchMock = stubApi({});
      const { unmount } = renderWithProviders(dialog, { user: admin });
      const [open, submit] = buttons[language];
      await user.click(screen.getByRole('button', { name: open }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: submit }));
      const shown = await screen.findByText(title);
      expect(shown.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByText(/Missing information/)).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
      unmount();
    }
  });
});
