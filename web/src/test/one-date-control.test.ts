import { describe, expect, it } from 'vitest';

/*
 * Issue 37, What a new user found: contract expiry and a company's registration date used the browser's own date
 * input (mm/dd/yyyy on an Estonian page in an American browser) while the date of birth and due dates used the
 * portal's Estonian calendar. Every date is now components/ui/date-field.tsx's DateField; no form may bring the
 * browser's date input back.
 */
const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], { query: '?raw', import: 'default', eager: true });

describe('one date control everywhere (issue 37)', () => {
  it('has sources to look at', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it("no form uses the browser's date input", () => {
    const native = Object.entries(sources)
      .filter(([, text]) => /type=["']date["']|type:\s*["']date["']|type=\{["']date["']\}/.test(text))
      .map(([file]) => file);
    expect(native).toEqual([]);
  });
});
