import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, SUPPORTED_LANGUAGES } from '@/lib/i18n';

/** The pages search engines may index; public/sitemap.xml lists the same (a test holds them together). */
export const PUBLIC_PATHS: readonly string[] = ['/', '/auth', '/terms', '/privacy', '/cookies', '/gdpr', '/verify'];

/** The query parameter the language detector reads first (lib/i18n.ts, detectionOptions.lookupQuerystring). */
const LANGUAGE_PARAM = 'lng';
const LANGUAGE_LINKS = 'link[data-document-meta]';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** A page's address in one language: `?lng=` picks the language whatever the visitor's browser prefers. */
function languageUrl(origin: string, path: string, language?: string): string {
  return language ? `${origin}${path}?${LANGUAGE_PARAM}=${language}` : `${origin}${path}`;
}

function addLink(rel: string, href: string, hreflang?: string) {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (hreflang) link.hreflang = hreflang;
  link.dataset.documentMeta = '';
  document.head.appendChild(link);
}

/**
 * The canonical address and the alternates in Estonian and English; the bare address, whose language follows the
 * visitor's saved choice or browser, is the x-default. The canonical address is the one shown, in its own
 * language version (search engines drop a language version whose canonical names another). Absolute, from the
 * address the page was loaded from: the SPA is built without knowing where it will be served.
 */
function setLanguageLinks({ origin, pathname, search }: Location) {
  document.head.querySelectorAll(LANGUAGE_LINKS).forEach((link) => link.remove());
  if (!PUBLIC_PATHS.includes(pathname)) return;
  const named = new URLSearchParams(search).get(LANGUAGE_PARAM);
  addLink('canonical', languageUrl(origin, pathname, isSupportedLanguage(named) ? named : undefined));
  for (const hreflang of SUPPORTED_LANGUAGES) addLink('alternate', languageUrl(origin, pathname, hreflang), hreflang);
  addLink('alternate', languageUrl(origin, pathname), 'x-default');
}

/**
 * Sets the document title, meta description and sharing (Open Graph) texts of a page, and on public pages the
 * canonical and hreflang links.
 */
export function useDocumentMeta(title: string, description?: string) {
  const { t } = useTranslation('common');
  const appName = t('app.name');
  // Pages without their own description get the site's, not the previous page's.
  const metaDescription = description ?? t('app.description');
  useEffect(() => {
    const fullTitle = title ? `${title} | ${appName}` : appName;
    document.title = fullTitle;
    setMeta('meta[property="og:title"]', 'property', 'og:title', fullTitle);
    setMeta('meta[name="description"]', 'name', 'description', metaDescription);
    setMeta('meta[property="og:description"]', 'property', 'og:description', metaDescription);
    setLanguageLinks(window.location);
  }, [title, metaDescription, appName]);
}
