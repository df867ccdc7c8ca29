import { describe, expect, it } from 'vitest';
import { resources } from '@/test/i18n';

/*
 * Issue 12, "Errors people read in their own language": the Estonian copy addresses the reader one way
 * everywhere (formal "teie", as the landing and legal pages do) and says "olek" for status.
 * Following the landing and legal pages, "teie" is capitalised only at the start of a sentence.
 */

function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => texts(item, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => texts(child, `${path}.${key}`));
  }
  return [];
}

const estonian = Object.entries(resources.et).flatMap(([ns, bundle]) => texts(bundle, ns));

function offending(pattern: RegExp): string[] {
  return estonian.filter(([, text]) => pattern.test(text)).map(([path, text]) => `${path}: ${text}`);
}

const word = (alternatives: string) => new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, 'iu');

describe('Estonian copy (issue 12)', () => {
  it('has Estonian texts to check', () => {
    expect(estonian.length).toBeGreaterThan(300);
  });

  it('never addresses the reader as "sina"', () => {
    expect(offending(word('sina|sinu|sind|sulle|sinul|sinult|sinuga|sinus|sul'))).toEqual([]);
  });

  it('uses no informal verb forms in sentences', () => {
    expect(offending(word('saad|võid|oled|jätad|soovid|näed'))).toEqual([]);
  });

  it('asks politely in the formal plural ("Palun proovige", not "Palun proovi")', () => {
    const requests = estonian.flatMap(([path, text]) =>
      [...text.matchAll(/Palun (\p{L}+)/gu)].map((match) => `${path}: ${match[1]}`),
    );
    expect(requests.length).toBeGreaterThan(10);
    expect(requests.filter((request) => !/[gk]e$/u.test(request))).toEqual([]);
  });

  it('writes "teie" with a small letter inside a sentence', () => {
    expect(offending(/[\p{Ll},] (?:Teie|Teid|Teile|Teil|Teilt|Teiega)(?!\p{L})/u)).toEqual([]);
  });

  it('says "olek" for status, never "staatus"', () => {
    expect(offending(/staatus/iu)).toEqual([]);
  });
});
