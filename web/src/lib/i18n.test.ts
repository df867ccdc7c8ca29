// @vitest-isolate: starts i18next instances as the app does, which must not find a worker's earlier files' state.
import { createInstance } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@/test/i18n';
import { baseI18nOptions, BUNDLED_RESOURCES, detectionOptions, initI18n, primaryLanguage, supportedLanguageOf } from './i18n';

const BUNDLED_NAMESPACES = Object.keys(BUNDLED_RESOURCES.et);

describe('i18n configuration (spec §1)', () => {
  it('supports et and en with Estonian as default and fallback', () => {
    expect(baseI18nOptions.supportedLngs).toEqual(['et', 'en']);
    expect(baseI18nOptions.fallbackLng).toBe('et');
  });

  it('detects in the specified order and caches only in localStorage under i18nextLng', () => {
    expect(detectionOptions).toEqual({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
      convertDetectedLanguage: primaryLanguage,
    });
  });

  it("reads a browser's regional language as the language it belongs to (<html lang> of an en-US visitor is en)", () => {
    expect(supportedLanguageOf('en-US')).toBe('en');
    expect(supportedLanguageOf('et-EE')).toBe('et');
    expect(supportedLanguageOf('EN')).toBe('en');
    expect(supportedLanguageOf('de-DE')).toBe('et');
  });

  it('retries loading translations 5 times starting at 350 ms', () => {
    expect(baseI18nOptions.maxRetries).toBe(5);
    expect(baseI18nOptions.retryTimeout).toBe(350);
  });
});

function flatKeys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => flatKeys(item, `${prefix}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

describe('translation files', () => {
  it('exist for the same namespaces in both languages', () => {
    expect(Object.keys(resources.et).sort()).toEqual(Object.keys(resources.en).sort());
  });

  it.each(Object.keys(resources.en))('namespace %s has the same keys in et and en, none empty', (ns) => {
    const et = flatKeys(resources.et[ns]);
    const en = flatKeys(resources.en[ns]);
    expect(et.sort()).toEqual(en.sort());
    const empty = (bundle: unknown) =>
      flatKeys(bundle).filter((key) => {
        const value = key.split(/\.|\[|\]\.?/).filter(Boolean).reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
        return typeof value === 'string' && value.trim() === '';
      });
    expect(empty(resources.et[ns])).toEqual([]);
    expect(empty(resources.en[ns])).toEqual([]);
  });
});

describe('the first screen\'s Estonian texts (issue 18 "First load": no extra round trip)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem('i18nextLng');
  });

  it('are in the app from the start; other namespaces and languages still load over HTTP', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      new Response(JSON.stringify({ title: `from ${String(input)}` }), { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('i18nextLng', 'et');
    const instance = initI18n(createInstance());

    // Synchronously, before any request could have answered.
    expect(instance.language).toBe('et');
    for (const ns of ['common', 'landing', 'contact', 'auth']) expect(instance.hasLoadedNamespace(ns)).toBe(true);
    expect(instance.t('landing:hero.title')).toBe((resources.et.landing as { hero: { title: string } }).hero.title);
    expect(instance.t('common:loading')).toBe('Laadimine…');

    await instance.loadNamespaces('dashboard');
    await instance.changeLanguage('en');
    const urls = fetchMock.mock.calls.map(([input]) => String(input)).sort();
    expect(urls).toEqual(['/locales/en/common.json', '/locales/en/dashboard.json', '/locales/et/dashboard.json']);
    expect(urls.filter((url) => url.startsWith('/locales/et/') && BUNDLED_NAMESPACES.some((ns) => url.endsWith(`/${ns}.json`)))).toEqual([]);
  });
});

describe('the cached language is en or et only (spec §1; issue 37: a first visit cached en-US)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.removeItem('i18nextLng');
  });

  function browserSpeaking(languages: string[]) {
    document.documentElement.lang = 'et'; // index.html's, the last place the detector looks
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0]);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { headers: { 'Content-Type': 'application/json' } })));
  }

  it.each([
    [['en-US', 'en'], 'en'],
    [['et-EE'], 'et'],
    [['fr-FR', 'en-GB'], 'en'],
    [['de-DE'], 'et'],
  ])('a first visit from a browser speaking %j caches %s', (languages, cached) => {
    browserSpeaking(languages);
    localStorage.removeItem('i18nextLng');
    const instance = initI18n(createInstance());
    expect(instance.language).toBe(cached);
    expect(localStorage.getItem('i18nextLng')).toBe(cached);
  });

  it("an en-US cached by an earlier build is read as en and cached as en", () => {
    browserSpeaking(['et-EE']);
    localStorage.setItem('i18nextLng', 'en-US');
    const instance = initI18n(createInstance());
    expect(instance.language).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });

  it('keeps only the primary subtag of a detected language', () => {
    expect(primaryLanguage('en-US')).toBe('en');
    expect(primaryLanguage('ET_ee')).toBe('et');
    expect(primaryLanguage('fr')).toBe('fr');
  });
});
