import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts, toast } from '@/components/ui/use-toast';
import '@/test/i18n';
import { DeferredToaster } from './DeferredToaster';

afterEach(() => act(() => resetToasts()));

describe('DeferredToaster (issue 18: the toast code loads with the first toast)', () => {
  it('renders nothing until a toast is shown', () => {
    const { container } = render(<DeferredToaster />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows a toast raised before its code has arrived, and stays mounted afterwards', async () => {
    render(<DeferredToaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    act(() => resetToasts());
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    // The region stays, so the next toast needs no download.
    expect(screen.getByRole('region')).toBeInTheDocument();
  });
});
