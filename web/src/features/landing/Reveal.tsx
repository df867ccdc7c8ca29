import { useEffect, useRef, type HTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/** Spec §2: sections fade in once 20 % of them is visible. */
export const REVEAL_THRESHOLD = 0.2;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A landing-page section that fades in when 20 % of it scrolls into view. Purely visual: content is
 * rendered and readable from the start (screen readers, tests, no-JS). Only sections still below the
 * fold are dimmed, and only when the browser can observe them and motion is welcome.
 */
export function RevealSection({ className, children, ...props }: HTMLAttributes<HTMLElement>) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
    if (el.getBoundingClientRect().top < window.innerHeight) return; // already on screen: no animation
    el.dataset.reveal = 'pending';
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          el.dataset.reveal = 'shown';
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      delete el.dataset.reveal;
    };
  }, []);

  return (
    <section
      ref={ref}
      className={cn(
        'transition-[opacity,translate] duration-700 ease-out motion-reduce:transition-none',
        'data-[reveal=pending]:translate-y-6 data-[reveal=pending]:opacity-0',
        className,
      )}
      {...props}
    >
      {children}
    </section>
  );
}
