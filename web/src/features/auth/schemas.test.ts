import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTER_DEFAULTS, registerSchema, type RegisterValues } from './schemas';
import { sameIdCode, sameName } from './signature';

interface Vector {
  code: string;
  valid: boolean;
  birthDate: string | null;
  note: string;
}

// The ID code vectors shared with identity's tests (services/common/testdata), read relative to web/.
const vectorFile = resolve(import.meta.dirname, '../../../../services/common/testdata/estonian_id_codes.json');
const validVectors = (JSON.parse(readFileSync(vectorFile, 'utf-8')) as { vectors: Vector[] }).vectors.filter((v) => v.valid);

const MISMATCH = 'errors.codes.date_of_birth_mismatch';

function messagesFor(values: Partial<RegisterValues>, field: keyof RegisterValues): string[] {
  const result = registerSchema.safeParse({ ...REGISTER_DEFAULTS, ...values });
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

function dayAfter(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

describe('register form: the date of birth is the ID code’s (issue 13, spec §5)', () => {
  it.each(validVectors.map((v) => [v.code, v.note, v] as const))('%s (%s)', (_code, _note, vector) => {
    const birthDate = vector.birthDate as string;
    expect(messagesFor({ idCode: vector.code, dateOfBirth: birthDate }, 'dateOfBirth')).not.toContain(MISMATCH);
    for (const other of [dayAfter(birthDate), '1990-06-15']) {
      expect(messagesFor({ idCode: vector.code, dateOfBirth: other }, 'dateOfBirth')).toContain(MISMATCH);
    }
  });

  it('refuses the issue’s example: ID code 50512016219 (born 2005) with a date of birth in 1990', () => {
    expect(messagesFor({ idCode: '50512016219', dateOfBirth: '1990-12-01' }, 'dateOfBirth')).toEqual([MISMATCH]);
  });

  it('compares nothing while the ID code or the date is not there yet', () => {
    expect(messagesFor({ idCode: '3760503029', dateOfBirth: '1990-06-15' }, 'dateOfBirth')).toEqual([]);
    expect(messagesFor({ idCode: '37605030299', dateOfBirth: '' }, 'dateOfBirth')).not.toContain(MISMATCH);
  });
});

describe('register form: the contract is signed with the form’s name and ID code (issue 13)', () => {
  const signed = { fullName: 'Õie Šaržant', idCode: '37605030299', employmentContract: true };

  it('accepts the same name in another case or spacing, and the same ID code', () => {
    expect(messagesFor({ ...signed, contractSignedName: '  õie   ŠARŽANT ', contractSignedIdCode: '37605030299' }, 'employmentContract')).toEqual([]);
  });

  it.each([
    ['Someone Else Entirely', '37605030299', 'errors.codes.contract_name_mismatch'],
    ['Oie Sarzant', '37605030299', 'errors.codes.contract_name_mismatch'],
    ['Õie Šaržant', '123', 'errors.codes.contract_id_code_mismatch'],
  ])('refuses %s / %s under the contract box', (name, idCode, message) => {
    expect(messagesFor({ ...signed, contractSignedName: name, contractSignedIdCode: idCode }, 'employmentContract')).toEqual([message]);
  });

  it('compares names as identity does: case and runs of spaces only, Estonian letters exact', () => {
    expect(sameName(' MARI  maasikas ', 'Mari Maasikas')).toBe(true);
    expect(sameName('Mari\tMaasikas', 'Mari Maasikas')).toBe(true);
    expect(sameName('Õie', 'O\u0303ie')).toBe(true); // the same letter, composed or not
    expect(sameName('Öie', 'Õie')).toBe(false);
    expect(sameName('Mari', 'Mari Maasikas')).toBe(false);
    expect(sameName('MariMaasikas', 'Mari Maasikas')).toBe(false);
    expect(sameIdCode(' 37605030299 ', '37605030299')).toBe(true);
    expect(sameIdCode('37605030290', '37605030299')).toBe(false);
  });
});
