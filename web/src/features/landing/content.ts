import { Banknote, CalendarClock, Headset, MonitorSmartphone, RefreshCcw, FileSignature, type LucideIcon } from 'lucide-react';

/*
 * The landing page's structure (spec §2, §9 counts). Texts live in the `landing` namespace under these
 * keys; the lists here fix how many of each there are and in which order.
 */

/** Trusted-by strip: 5 countries. */
export const TRUSTED_COUNTRIES = ['ae', 'gb', 'sg', 'de', 'ch'] as const;

/** How it works: 3 numbered steps. */
export const STEPS = ['apply', 'verify', 'paid'] as const;

/** Benefits: 3 primary items with an image, 3 secondary items. */
export const PRIMARY_BENEFITS: readonly { key: string; image: string; Icon: LucideIcon }[] = [
  { key: 'income', image: '/images/benefit-income.svg', Icon: Banknote },
  { key: 'contract', image: '/images/benefit-contract.svg', Icon: FileSignature },
  { key: 'online', image: '/images/benefit-online.svg', Icon: MonitorSmartphone },
];

export const SECONDARY_BENEFITS: readonly { key: string; Icon: LucideIcon }[] = [
  { key: 'term', Icon: CalendarClock },
  { key: 'support', Icon: Headset },
  { key: 'again', Icon: RefreshCcw },
];

/** Testimonials: 2, each rated 5 stars. */
export const TESTIMONIALS = ['kadri', 'martin'] as const;
export const TESTIMONIAL_STARS = 5;

/** FAQ: 6 questions in two columns of 3. */
export const FAQ_COLUMNS = [
  ['who', 'role', 'pay'],
  ['term', 'after', 'legal'],
] as const;
