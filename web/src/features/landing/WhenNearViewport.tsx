import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the viewport a section starts loading: about a screen ahead of the reader. */
export const NEAR_VIEWPORT_MARGIN = '800px';

/**
 * Renders `placeholder` until it comes within a screen of the viewport, then `children` for good: code below
 * the fold (the contact form and its validation) downloads as the reader heads there, not with the first
 * screen (issue 18 "First load"). Without IntersectionObserver the children render at once.
 */
export function WhenNearViewport({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // The build-time render (src/prerender.tsx) draws the placeholder, as a browser's first render does.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${NEAR_VIEWPORT_MARGIN} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  return near ? <>{children}</> : <div ref={ref}>{placeholder}</div>;
}
