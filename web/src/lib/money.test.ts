import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney, the one way money is written (issue 37: "500 €" in one place, "€500.00" in another)', () => {
  it('writes euros with cents where each language puts the sign', () => {
    expect(formatMoney(500, 'et')).toBe('500,00\u00a0€');
    expect(formatMoney(500, 'en')).toBe('€500.00');
    expect(formatMoney(1234.5, 'et')).toBe('1234,50\u00a0€');
    expect(formatMoney(1234.5, 'en')).toBe('€1,234.50');
  });

  it("reads the API's decimal strings the same as numbers", () => {
    expect(formatMoney('490.00', 'et')).toBe(formatMoney(490, 'et'));
    expect(formatMoney('382.20', 'en')).toBe('€382.20');
  });
});
