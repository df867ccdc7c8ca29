import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
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
