import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '@/test/i18n';
import { ESTONIAN_ID_ERRORS, estonianIdCheckDigit, validateEstonianId } from './estonian-id';

interface Vector {
  code: string;
  valid: boolean;
  error: string | null;
  birthDate: string | null;
  note: string;
}

// The vectors are shared with the Python services: read them from the repo, relative to web/.
const webRoot = resolve(import.meta.dirname, '../..');
const vectorFile = resolve(webRoot, '../services/common/testdata/estonian_id_codes.json');
const { vectors } = JSON.parse(readFileSync(vectorFile, 'utf-8')) as { vectors: Vector[] };

const errorTexts = (language: 'et' | 'en') =>
  (resources[language].common as { errors: { codes: Record<string, string> } }).errors.codes;
const englishText = (code: string) => errorTexts('en')[code];

describe('Estonian ID code check (spec §5) against the shared vectors', () => {
  it('has vectors to check', () => {
    expect(vectors.length).toBeGreaterThan(10);
  });

  it.each(vectors.map((v) => [JSON.stringify(v.code), v.note, v] as const))('%s (%s)', (_code, _note, vector) => {
    const result = validateEstonianId(vector.code);
    expect(result.valid).toBe(vector.valid);
    // The vectors give spec §5's English text; the check names the rule by its code, which reads so in English.
    expect(result.error === null ? null : englishText(result.error)).toBe(vector.error);
  });

  it.each(vectors.map((v) => [JSON.stringify(v.code), v.note, v] as const))(
    '%s (%s) carries the birth date of the vectors (issue 13)',
    (_code, _note, vector) => {
      expect(validateEstonianId(vector.code).birthDate).toBe(vector.birthDate);
    },
  );
});

describe('Estonian ID code details', () => {
  it('returns the birth date of a valid code', () => {
    expect(validateEstonianId('37605030299')).toEqual({ valid: true, error: null, birthDate: '1976-05-03' });
    expect(validateEstonianId('60511150005').birthDate).toBe('2005-11-15');
  });

  it('uses the second weights when the first remainder is 10, and 0 when both are 10', () => {
    expect(estonianIdCheckDigit([...'3900101011'].map(Number))).toBe(0);
    expect(estonianIdCheckDigit([...'3900101059'].map(Number))).toBe(0);
  });

  it('names each rule by its own code, read in English as spec §5 and in Estonian too', () => {
    expect(Object.values(ESTONIAN_ID_ERRORS).map(englishText)).toEqual([
      'Estonian ID code must be 11 digits',
      'First digit must be between 1 and 6',
      'Invalid date in ID code',
      'Invalid checksum in ID code',
    ]);
    expect(Object.values(ESTONIAN_ID_ERRORS).map((code) => errorTexts('et')[code])).toEqual([
      'Eesti isikukood peab koosnema 11 numbrist',
      'Esimene number peab olema vahemikus 1 kuni 6',
      'Isikukoodis on vigane kuupäev',
      'Isikukoodi kontrollnumber on vale',
    ]);
  });
});
