import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseI18nOptions } from '@/lib/i18n';

/*
 * Tests load the real translation files synchronously (no HTTP backend), so assertions see the texts
 * users see. Every namespace file under public/locales is picked up automatically.
 */
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const resources: Resource = {};
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/(\w+)\/(\w+)\.json$/.exec(path);
  if (!match) continue;
  const [, lng, ns] = match;
  resources[lng] ??= {};
  resources[lng][ns] = content;
}

export const namespaces = [...new Set(Object.values(resources).flatMap((bundle) => Object.keys(bundle)))];

void i18n.use(initReactI18next).init({
  ...baseI18nOptions,
  lng: 'en',
  ns: namespaces,
  resources,
  initAsync: false,
  react: { useSuspense: false },
});

export default i18n;
