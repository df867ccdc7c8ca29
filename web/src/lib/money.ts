import { localeFor } from '@/lib/dates';

/**
 * The portal's one way of writing money (issue 37, What a new user found: the monthly payment read '500 €' above a
 * schedule of '€500.00'): euros with cents, the sign where each language puts it, '500,00 €' in Estonian and
 * '€500.00' in English. Amounts come as numbers (a company's monthly payment) or as the API's decimal strings
 * ("490.00", issue 23).
 */
export function formatMoney(amount: number | string, language: string): string {
  return new Intl.NumberFormat(localeFor(language), { style: 'currency', currency: 'EUR' }).format(Number(amount));
}
