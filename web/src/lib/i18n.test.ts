import { describe, expect, it } from 'vitest';
import { resources } from '@/test/i18n';
import { baseI18nOptions, detectionOptions } from './i18n';

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
    });
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
