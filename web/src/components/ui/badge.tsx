import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/** Tones follow spec §4 status colours: green, red, blue, amber, plus neutral. */
const TONES = {
  neutral: 'bg-slate-100 text-slate-800 border-slate-200',
  green: 'bg-green-50 text-green-800 border-green-200',
  red: 'bg-red-50 text-red-800 border-red-200',
  blue: 'bg-primary-50 text-primary-800 border-primary-200',
  amber: 'bg-amber-50 text-amber-900 border-amber-200',
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium', TONES[tone], className)}
      {...props}
    />
  );
}
