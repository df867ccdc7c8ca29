import { localeFor, parseIsoDate, toIsoDate, type CalendarDate } from '@/lib/dates';

/*
 * A calendar date as people type it: dd.mm.yyyy in Estonian, dd/mm/yyyy in English (the browser's own
 * date input would follow the browser's language instead, mm/dd/yyyy in an American Chrome).
 */

export function dateSeparator(language: string): string {
  return localeFor(language) === 'et-EE' ? '.' : '/';
}

export function formatDateText({ year, month, day }: CalendarDate, language: string): string {
  const separator = dateSeparator(language);
  return [String(day).padStart(2, '0'), String(month).padStart(2, '0'), String(year).padStart(4, '0')].join(separator);
}

/**
 * The ISO date ('yyyy-mm-dd') of a typed day.month.year (dots, slashes, dashes or spaces between them;
 * one or two digits for day and month, four for the year), or of an ISO date as pasted; '' when it is
 * not a real calendar date.
 */
export function parseDateText(text: string): string {
  const value = text.trim();
  if (parseIsoDate(value)) return value;
  const match = /^(\d{1,2})[./\-\s](\d{1,2})[./\-\s](\d{4})$/.exec(value);
  if (!match) return '';
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const iso = toIsoDate({ year, month, day });
  return parseIsoDate(iso) ? iso : '';
}

/**
 * Whether a DateField's value is a real day ('yyyy-mm-dd') or none (''), as opposed to the `invalidValue` it gives
 * for a text that is not a date or a day outside its range: the rule of an optional date in a form's schema.
 */
export function isDateFieldValue(value: string): boolean {
  return value === '' || parseIsoDate(value) !== null;
}
