/**
 * Estonian personal ID code (isikukood) check, spec §5. The Python services implement the same rules;
 * both are tested against services/common/testdata/estonian_id_codes.json.
 */

/**
 * One error code per rule, the codes identity answers with under `idCode` too; each has a text in both
 * languages under common:errors.codes (the English ones are spec §5's).
 */
export const ESTONIAN_ID_ERRORS = {
  length: 'id_code_length',
  firstDigit: 'id_code_first_digit',
  date: 'id_code_date',
  checksum: 'id_code_checksum',
} as const;

export type EstonianIdError = (typeof ESTONIAN_ID_ERRORS)[keyof typeof ESTONIAN_ID_ERRORS];

export type EstonianIdResult =
  | { valid: true; error: null; birthDate: string }
  | { valid: false; error: EstonianIdError; birthDate: null };

const FIRST_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];

function weightedRemainder(digits: number[], weights: number[]): number {
  return weights.reduce((sum, weight, i) => sum + weight * digits[i], 0) % 11;
}

export function estonianIdCheckDigit(digits: number[]): number {
  const first = weightedRemainder(digits, FIRST_WEIGHTS);
  if (first !== 10) return first;
  const second = weightedRemainder(digits, SECOND_WEIGHTS);
  return second === 10 ? 0 : second;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999; irrelevant here because years are 1800-2099.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function validateEstonianId(code: string): EstonianIdResult {
  const fail = (error: EstonianIdError): EstonianIdResult => ({ valid: false, error, birthDate: null });

  // No trimming: a code with spaces is not 11 digits.
  if (!/^\d{11}$/.test(code)) return fail(ESTONIAN_ID_ERRORS.length);
  const digits = [...code].map(Number);
  const first = digits[0];
  if (first < 1 || first > 6) return fail(ESTONIAN_ID_ERRORS.firstDigit);

  // 1-2: 1800s, 3-4: 1900s, 5-6: 2000s.
  const century = 1800 + Math.floor((first - 1) / 2) * 100;
  const year = century + Number(code.slice(1, 3));
  const month = Number(code.slice(3, 5));
  const day = Number(code.slice(5, 7));
  if (!isRealDate(year, month, day)) return fail(ESTONIAN_ID_ERRORS.date);

  if (estonianIdCheckDigit(digits) !== digits[10]) return fail(ESTONIAN_ID_ERRORS.checksum);
  return { valid: true, error: null, birthDate: `${year}-${pad(month)}-${pad(day)}` };
}
