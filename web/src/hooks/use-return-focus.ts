import { useCallback, useRef } from 'react';

interface OpenDialog {
  opener: HTMLElement | null;
}

/** The dialogs open now, oldest first. */
const openDialogs: OpenDialog[] = [];

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body && active.isConnected ? active : null;
}

/**
 * Gives focus back to the control that opened a dialog when it closes (WCAG 2.4.3, issue 18). Radix Dialog
 * does so only for its own Trigger; a dialog opened from state would leave focus on the page's body.
 * `rememberOpener` goes on the dialog's open autofocus (focus has not moved into it yet), `returnFocus` on its
 * close autofocus. A dialog opened from another one as that one closes (View, then Sign) has no focused opener
 * of its own: it takes over the closing one's, and the closing one leaves focus to it.
 */
export function useReturnFocus() {
  const dialog = useRef<OpenDialog | null>(null);
  const rememberOpener = useCallback(() => {
    const handedOver = [...openDialogs].reverse().find((open) => open.opener?.isConnected)?.opener ?? null;
    dialog.current = { opener: focusedElement() ?? handedOver };
    openDialogs.push(dialog.current);
  }, []);
  const returnFocus = useCallback((event: Event) => {
    const closing = dialog.current;
    dialog.current = null;
    if (!closing) return;
    const index = openDialogs.indexOf(closing);
    const openedLater = index !== -1 && index < openDialogs.length - 1;
    if (index !== -1) openDialogs.splice(index, 1);
    if (event.defaultPrevented || !closing.opener?.isConnected) return;
    event.preventDefault();
    if (!openedLater) closing.opener.focus();
  }, []);
  return { rememberOpener, returnFocus };
}
