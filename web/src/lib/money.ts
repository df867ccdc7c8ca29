import { localeFor } from '@/lib/dates';

/** '500 €' in both languages (whole euros without decimals, cents when there are any). */
export function formatEuro(amount: number, language: string): string {
  const number = new Intl.NumberFormat(localeFor(language), {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${number}\u00a0€`;
}

/**
 * An API amount (a decimal string such as "490.00", issue 23) with cents and the euro sign where each language
 * puts it: "490,00 €" in Estonian, "€490.00" in English.
 */
export function formatMoney(amount: string, language: string): string {
  return new Intl.NumberFormat(localeFor(language), { style: 'currency', currency: 'EUR' }).format(Number(amount));
}
