import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_VIEWPORT_MARGIN, WhenNearViewport } from './WhenNearViewport';

type Callback = (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void;

/** A controllable IntersectionObserver: `fire(true)` says the placeholder came near the viewport. */
function stubObserver() {
  const observers: Array<{ callback: Callback; options?: IntersectionObserverInit; disconnected: boolean }> = [];
  class FakeObserver {
    entry: (typeof observers)[number];
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    fire: (isIntersecting: boolean) => act(() => observers.forEach((o) => o.callback([{ isIntersecting }]))),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenNearViewport (issue 18: code below the fold loads as the reader heads there)', () => {
  it('shows the placeholder until the spot comes within a screen of the viewport, then the content for good', () => {
    const io = stubObserver();
    render(<WhenNearViewport placeholder={<p>placeholder</p>}>{<p>content</p>}</WhenNearViewport>);
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(screen.queryByText('content')).not.toBeInTheDocument();
    expect(io.observers[0].options?.rootMargin).toBe(`0px 0px ${NEAR_VIEWPORT_MARGIN} 0px`);

    io.fire(false);
    expect(screen.queryByText('content')).not.toBeInTheDocument();
    io.fire(true);
    expect(screen.getByText('content')).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument();
    expect(io.observers[0].disconnected).toBe(true);
  });

  it('renders the content at once where the browser cannot observe', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<WhenNearViewport placeholder={<p>placeholder</p>}>{<p>content</p>}</WhenNearViewport>);
    expect(screen.getByText('content')).toBeInTheDocument();
  });
});
