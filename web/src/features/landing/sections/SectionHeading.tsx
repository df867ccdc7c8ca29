import { cn } from '@/lib/utils';

/** Eyebrow, title and optional lead text of a landing-page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  className,
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto mb-12 max-w-2xl text-center', className)}>
      <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-primary-700">{eyebrow}</p>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lg text-pretty text-slate-600">{subtitle}</p>}
    </div>
  );
}

export const sectionInner = 'mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 md:py-24';
