import i18n, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@/types/api';
// The first screen's Estonian texts travel inside the entry chunk: no round trip before the landing page
// (issue 18 "First load"). Everything else, English included, still loads over HTTP.
import etAuth from '../../public/locales/et/auth.json';
import etCommon from '../../public/locales/et/common.json';
import etContact from '../../public/locales/et/contact.json';
import etLanding from '../../public/locales/et/landing.json';

export const SUPPORTED_LANGUAGES: readonly Language[] = ['et', 'en'];
export const DEFAULT_LANGUAGE: Language = 'et';

/**
 * Options shared by the app and the tests (spec §1): Estonian is default and fallback, only et/en,
 * translation loading retried 5 times starting at 350 ms (i18next doubles the wait each time).
 */
export const baseI18nOptions: InitOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  // 'en-US' from the browser resolves to 'en'.
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  ns: ['common'],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  maxRetries: 5,
  retryTimeout: 350,
};

/**
 * A detected language as the portal names languages: 'en-US' and 'et-EE' (a browser's) are 'en' and 'et', so that
 * is what i18next switches to and what it caches (issue 37, What a new user found: a first visit cached 'en-US');
 * anything else keeps its primary subtag, which i18next passes over as unsupported.
 */
export function primaryLanguage(lng: string): string {
  return lng.split(/[-_]/)[0]?.toLowerCase() ?? lng;
}

export const detectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupLocalStorage: 'i18nextLng',
  caches: ['localStorage'],
  convertDetectedLanguage: primaryLanguage,
};

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The active UI language, reduced to one we support. */
export function currentLanguage(instance = i18n): Language {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isSupportedLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** The supported language a detected one stands for: the browser's 'en-US' is English. */
export function supportedLanguageOf(lng: string): Language {
  const primary = lng.split('-')[0]?.toLowerCase();
  return isSupportedLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = supportedLanguageOf(lng);
  }
}

// <html lang> follows the UI language (screen readers, hyphenation, the date input's picker).
i18n.on('languageChanged', syncHtmlLang);

/**
 * The Estonian namespaces of the first screen (header, footer, landing page and its contact section, and the
 * sign-out texts every header holds), bundled rather than fetched.
 */
export const BUNDLED_RESOURCES: Resource = {
  et: { common: etCommon, landing: etLanding, contact: etContact, auth: etAuth },
};

/**
 * Initialises the app's i18next: the bundled namespaces are there at once (and synchronously, so the first
 * render does not wait a tick); the rest come from /locales/{lng}/{ns}.json.
 */
export function initI18n(instance: I18n = i18n): I18n {
  void instance
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions,
      resources: BUNDLED_RESOURCES,
      partialBundledLanguages: true,
      initAsync: false,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: detectionOptions,
      react: { useSuspense: true },
    });
  return instance;
}

export default i18n;
