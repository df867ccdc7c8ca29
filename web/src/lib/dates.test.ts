import { describe, expect, it } from 'vitest';
import { ageOn, formatDate, isAtLeastAge, localeFor, parseIsoDate, todayInTallinn } from './dates';

describe('age by exact birthday (spec §5: at least 21)', () => {
  const today = { year: 2025, month: 6, day: 15 };

  it('counts the year only once the birthday is reached', () => {
    expect(ageOn({ year: 2004, month: 6, day: 15 }, today)).toBe(21);
    expect(ageOn({ year: 2004, month: 6, day: 16 }, today)).toBe(20);
    expect(ageOn({ year: 2004, month: 7, day: 1 }, today)).toBe(20);
  });

  it('accepts someone turning 21 today and refuses someone turning 21 tomorrow', () => {
    expect(isAtLeastAge('2004-06-15', 21, today)).toBe(true);
    expect(isAtLeastAge('2004-06-16', 21, today)).toBe(false);
  });

  it('refuses empty and impossible dates', () => {
    expect(isAtLeastAge('', 21, today)).toBe(false);
    expect(parseIsoDate('2001-02-30')).toBeNull();
  });

  it('treats 29 February birthdays as reached on 1 March in common years', () => {
    expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2025, month: 2, day: 28 })).toBe(20);
    expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2025, month: 3, day: 1 })).toBe(21);
  });
});

describe('Tallinn dates (spec §1: Estonian company)', () => {
  it("gives Tallinn's calendar day, not UTC's", () => {
    // 22:30 UTC on 31 Dec is already 1 Jan in Tallinn (UTC+2).
    expect(todayInTallinn(new Date('2024-12-31T22:30:00Z'))).toEqual({ year: 2025, month: 1, day: 1 });
  });

  it('formats in both languages', () => {
    const date = new Date('2025-05-09T10:00:00Z');
    expect(formatDate(date, 'en')).toBe('9 May 2025');
    expect(formatDate(date, 'et')).toBe('9. mai 2025');
  });

  it('treats regional English tags such as en-US as English and anything else as Estonian', () => {
    const date = new Date('2025-05-09T10:00:00Z');
    expect(formatDate(date, 'en-US')).toBe('9 May 2025');
    expect(localeFor('en-US')).toBe('en-GB');
    expect(localeFor('EN')).toBe('en-GB');
    expect(localeFor('et-EE')).toBe('et-EE');
    expect(localeFor('fi')).toBe('et-EE');
    expect(localeFor('')).toBe('et-EE');
  });
});
