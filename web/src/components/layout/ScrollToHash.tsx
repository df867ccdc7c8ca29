import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Router navigations do not scroll by themselves: go to the top on a new page, or to the #section of
 * links like /#faq once the section has rendered (translations may still be loading). The page the visitor
 * arrived on is left where it is: the landing page comes drawn (issue 18), and the reader may have scrolled it
 * before the app took over.
 */
export function ScrollToHash() {
  const { pathname, hash } = useLocation();
  const arrived = useRef(false);

  useEffect(() => {
    const firstPage = !arrived.current;
    arrived.current = true;
    if (!hash) {
      if (!firstPage) window.scrollTo?.(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let attempts = 0;
    let timer: number | undefined;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else if (attempts++ < 20) timer = window.setTimeout(tryScroll, 50);
    };
    tryScroll();
    return () => window.clearTimeout(timer);
  }, [pathname, hash]);

  return null;
}
