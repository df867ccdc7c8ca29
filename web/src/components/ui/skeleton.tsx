import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** A grey placeholder block in the shape of content still loading (issue 18: skeletons, not a bare spinner). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200/80', className)} {...props} />;
}

/**
 * A loading region: announces "loading" once to screen readers while the placeholders inside stay silent.
 * Never suspends itself, as it is the fallback while translations load.
 */
export function SkeletonRegion({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div role="status" aria-busy="true" className={className} data-testid="skeleton">
      <span className="sr-only">{label ?? t('loading', { defaultValue: 'Laadimine…' })}</span>
      {children}
    </div>
  );
}

/** A card-shaped placeholder: a title line and `lines` lines of text. */
export function SkeletonCard({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div className={cn('rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-sm', className)}>
      <Skeleton className="h-5 w-1/3" />
      <div className="mt-5 flex flex-col gap-3">
        {Array.from({ length: lines }, (_, index) => (
          <Skeleton key={index} className={cn('h-4', index === lines - 1 ? 'w-2/3' : 'w-full')} />
        ))}
      </div>
    </div>
  );
}

/** A whole page still loading: a heading, an intro line and two cards, in the page's own width. */
export function PageSkeleton({ label }: { label?: string }) {
  return (
    <SkeletonRegion label={label} className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Skeleton className="h-8 w-2/3 max-w-md" />
      <Skeleton className="mt-3 h-4 w-full max-w-xl" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <SkeletonCard lines={4} />
        <SkeletonCard lines={3} />
      </div>
    </SkeletonRegion>
  );
}
