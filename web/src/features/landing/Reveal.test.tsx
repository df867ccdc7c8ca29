import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_THRESHOLD, RevealSection } from './Reveal';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;

let observed: { callback: Callback; options?: IntersectionObserverInit } | null = null;

class FakeObserver {
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    observed = { callback, options };
  }
  observe() {}
  disconnect() {}
}

function below(offset: number) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ top: offset } as DOMRect);
}

afterEach(() => {
  observed = null;
});

describe('RevealSection (spec §2: sections fade in when 20 % visible)', () => {
  it('dims a section below the fold and shows it once 20 % of it is visible', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    below(5000);
    render(<RevealSection aria-label="Benefits">content</RevealSection>);
    const section = screen.getByRole('region', { name: 'Benefits' });
    expect(REVEAL_THRESHOLD).toBe(0.2);
    expect(observed?.options?.threshold).toBe(0.2);
    expect(section).toHaveAttribute('data-reveal', 'pending');
    expect(section).toHaveTextContent('content'); // in the document (screen readers) all along

    observed?.callback([{ isIntersecting: true }]);
    expect(section).toHaveAttribute('data-reveal', 'shown');
  });

  it('leaves sections already on screen alone', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    below(0);
    render(<RevealSection aria-label="Hero">content</RevealSection>);
    expect(screen.getByRole('region')).not.toHaveAttribute('data-reveal');
  });

  it('does not animate when reduced motion is preferred or the browser cannot observe', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    below(5000);
    render(<RevealSection aria-label="Reduced">content</RevealSection>);
    expect(screen.getByRole('region', { name: 'Reduced' })).not.toHaveAttribute('data-reveal');

    vi.unstubAllGlobals();
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<RevealSection aria-label="Old browser">content</RevealSection>);
    expect(screen.getByRole('region', { name: 'Old browser' })).not.toHaveAttribute('data-reveal');
  });
});
