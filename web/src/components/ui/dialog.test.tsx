import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from './dialog';

/** Two dialogs opened from state, the second one from a button inside the first (both stay open). */
function NestedDialogs() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>
        Open outer
      </button>
      <Dialog open={outer} onOpenChange={setOuter}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Outer</DialogTitle>
          <button type="button" onClick={() => setInner(true)}>
            Open inner
          </button>
          <Dialog open={inner} onOpenChange={setInner}>
            <DialogContent aria-describedby={undefined}>
              <DialogTitle>Inner</DialogTitle>
            </DialogContent>
          </Dialog>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('a dialog opened from state gives focus back to its opener (issue 18, Accessibility)', () => {
  it('from a nested dialog to the button inside the outer one, then to the page’s button', async () => {
    const user = userEvent.setup();
    render(<NestedDialogs />);
    const openOuter = screen.getByRole('button', { name: 'Open outer' });
    openOuter.focus();
    await user.keyboard('{Enter}');
    const outer = await screen.findByRole('dialog', { name: 'Outer' });
    const openInner = screen.getByRole('button', { name: 'Open inner' });
    openInner.focus();
    await user.keyboard('{Enter}');
    const inner = await screen.findByRole('dialog', { name: 'Inner' });
    await waitFor(() => expect(inner).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument());
    await waitFor(() => expect(openInner).toHaveFocus());
    expect(outer).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(openOuter).toHaveFocus());
  });
});
