import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { Toaster, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from './toaster';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip';
import { toast, TOAST_DURATION_MS, TOAST_LIMIT } from './use-toast';

describe('notification defaults (spec §9)', () => {
  it('one toast at a time for 5000 ms, swipe 50 px, hotkey F8; tooltips 700/300 ms', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('a new toast replaces the current one', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'First' }));
    act(() => void toast({ title: 'Second', variant: 'destructive' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });
});

describe('the toast region for screen readers (issue 18, Accessibility)', () => {
  afterEach(() => act(() => void i18n.changeLanguage('en')));

  it.each([
    ['en', 'Notifications (F8)', 'Notification'],
    ['et', 'Teavitused (F8)', 'Teavitus'],
  ])('%s: the region is named in the language with its hotkey; a toast is announced without {hotkey}', async (language, region, announced) => {
    await act(() => i18n.changeLanguage(language));
    render(<Toaster />);
    expect(screen.getByRole('region', { name: region })).toBeInTheDocument();
    act(() => void toast({ title: 'Saved' }));
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(`${announced} Saved`));
    expect(status).not.toHaveTextContent('{hotkey}');
  });
});

describe('toasts cover nothing that matters and can always be swiped away (issue 37)', () => {
  it('sit at the top of a phone, clear of the menu and close buttons, and bottom left on wider screens', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Saved' }));
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    const viewport = region.querySelector('ol') ?? region;
    for (const name of ['top-0', 'right-16', 'sm:bottom-0', 'sm:top-auto', 'pointer-events-none']) expect(viewport).toHaveClass(name);
    expect(viewport).not.toHaveClass('bottom-0');
  });

  it('can be closed (and swiped) over a dialog or the drawer opened after it, whose modal layer turns pointer events off around it', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Toaster />);
    act(() => void toast({ title: 'Language not saved', variant: 'destructive' }));
    await screen.findByText('Language not saved');
    // The drawer (a Radix dialog) opens while the toast shows: Radix would leave the toast below its layer.
    rerender(
      <>
        <Toaster />
        <Dialog open>
          <DialogContent>
            <DialogTitle>Menu</DialogTitle>
            <DialogDescription>Site navigation and language</DialogDescription>
          </DialogContent>
        </Dialog>
      </>,
    );
    expect(document.body.style.pointerEvents).toBe('none');
    const item = screen.getByText('Language not saved').closest('[data-variant]') as HTMLElement;
    expect(item).toHaveStyle({ pointerEvents: 'auto' });
    // Outside the dialog the toast is aria-hidden (Radix hides the rest of the page), hence hidden: true.
    await user.click(within(item).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.queryByText('Language not saved')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
