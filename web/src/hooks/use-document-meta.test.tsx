import { act, render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { PUBLIC_PATHS, useDocumentMeta } from './use-document-meta';

const publicFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');

function Page({ title }: { title: string }) {
  useDocumentMeta(title);
  return null;
}

function showPage(at: string, title = 'Page') {
  window.history.pushState({}, '', at);
  return render(<Page title={title} />);
}

/** The head's language links as rel/hreflang → href. */
function headLinks(): Record<string, string> {
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"], link[rel="alternate"]');
  return Object.fromEntries([...links].map((link) => [`${link.rel}${link.hreflang ? ` ${link.hreflang}` : ''}`, link.href]));
}

afterEach(() => window.history.pushState({}, '', '/'));

describe('useDocumentMeta: canonical and hreflang links (issue 18, First load)', () => {
  const origin = window.location.origin;

  it('gives a public page its own address as canonical and its et, en and x-default alternates', () => {
    showPage('/terms');
    expect(headLinks()).toEqual({
      canonical: `${origin}/terms`,
      'alternate et': `${origin}/terms?lng=et`,
      'alternate en': `${origin}/terms?lng=en`,
      'alternate x-default': `${origin}/terms`,
    });
  });

  it('makes an address naming a language its own canonical, leaving other query parameters out', async () => {
    showPage('/auth?tab=register&lng=et');
    expect(headLinks().canonical).toBe(`${origin}/auth?lng=et`);
    await act(() => i18n.changeLanguage('et')); // the texts change: the links are set again, not added
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(3);
  });

  it('ignores a language it does not have', () => {
    showPage('/?lng=de');
    expect(headLinks().canonical).toBe(`${origin}/`);
  });

  it('takes the links away on pages that are not public', () => {
    const { unmount } = showPage('/verify');
    expect(headLinks().canonical).toBe(`${origin}/verify`);
    unmount();
    showPage('/dashboard', 'Dashboard');
    expect(headLinks()).toEqual({});
    showPage('/admin/applications/4', 'Application');
    expect(headLinks()).toEqual({});
  });
});

describe('robots.txt and sitemap.xml in public/', () => {
  const sitemap = new DOMParser().parseFromString(readFileSync(`${publicFolder}/sitemap.xml`, 'utf8'), 'application/xml');

  it('lists every public page the hook links, in Estonian and English', () => {
    const locations = [...sitemap.getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locations).toEqual(PUBLIC_PATHS.flatMap((page) => [`__ORIGIN__${page}?lng=et`, `__ORIGIN__${page}?lng=en`]));
  });

  it('lets search engines read the public pages but not the API or the signed-in areas', () => {
    const rules = readFileSync(`${publicFolder}/robots.txt`, 'utf8').split('\n');
    expect(rules).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/',
      'Disallow: /dashboard', 'Disallow: /admin', 'Sitemap: __ORIGIN__/sitemap.xml']));
  });
});
