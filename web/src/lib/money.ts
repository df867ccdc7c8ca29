import { localeFor } from '@/lib/dates';

/** '500 €' in both languages (whole euros without decimals, cents when there are any). */
export function formatEuro(amount: number, language: string): string {
  const number = new Intl.NumberFormat(localeFor(language), {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${number}\u00a0€`;
}
