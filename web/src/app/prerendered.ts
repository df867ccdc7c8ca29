import type { Language } from '@/types/api';

/** The only page drawn at build time (src/prerender.tsx, scripts/prerender.mjs). */
const PRERENDERED_PATH = '/';

/**
 * Whether the browser's app may take over the markup in `root` (hydrate) rather than draw anew: only the landing
 * page's build-time render, at its own address and in the language the visitor's app will show. The web server
 * picks the render's language from `?lng=`, the language cookie and Accept-Language; a choice saved only in
 * this browser's storage may differ, and then the app draws the page in that language over it.
 */
export function canHydrate(root: HTMLElement, pathname: string, language: Language): boolean {
  return pathname === PRERENDERED_PATH && root.dataset.prerendered === language;
}
