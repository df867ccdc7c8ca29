/** Date helpers. Everything shown to people is in Europe/Tallinn time (the company's time zone). */

export const TIME_ZONE = 'Europe/Tallinn';

export type DateInput = Date | string | number;

/**
 * The Intl locale for a UI language. i18next may report a regional tag such as 'en-US' (from the
 * browser), so anything starting with 'en' is English; everything else is Estonian (the default).
 */
export function localeFor(language: string): string {
  return language.toLowerCase().startsWith('en') ? 'en-GB' : 'et-EE';
}

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(value: DateInput, language: string): string {
  return new Intl.DateTimeFormat(localeFor(language), {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(toDate(value));
}

export function formatShortDate(value: DateInput, language: string): string {
  return new Intl.DateTimeFormat(localeFor(language), {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(toDate(value));
}

export function formatDateTime(value: DateInput, language: string): string {
  return new Intl.DateTimeFormat(localeFor(language), {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(toDate(value));
}

/** "3 days ago" / "3 päeva tagasi", for timelines. */
export function formatRelative(value: DateInput, language: string, now: Date = new Date()): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const rtf = new Intl.RelativeTimeFormat(localeFor(language), { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(seconds, 'second');
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Today's calendar date in Tallinn, whatever the browser's time zone. */
export function todayInTallinn(now: Date = new Date()): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A calendar day in words ('15 January 2025', '15. jaanuar 2025'), as it is: no time zone shifts it. */
export function formatCalendarDate({ year, month, day }: CalendarDate, language: string): string {
  return new Intl.DateTimeFormat(localeFor(language), {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** Parses 'YYYY-MM-DD' (what <input type="date"> gives) into a real calendar date, or null. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/**
 * Age in whole years counted by the exact birthday: the year only counts once the birthday's month
 * and day have been reached. Someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

export function isAtLeastAge(dateOfBirth: string, years: number, today: CalendarDate = todayInTallinn()): boolean {
  const birth = parseIsoDate(dateOfBirth);
  return birth !== null && ageOn(birth, today) >= years;
}
