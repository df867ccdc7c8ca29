import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Label/value pairs, two columns from sm up. */
export function DescriptionList({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cn('grid gap-x-8 gap-y-5 sm:grid-cols-2', className)}>{children}</dl>;
}

export function DescriptionItem({
  label,
  children,
  muted = false,
  className,
}: {
  label: ReactNode;
  children: ReactNode;
  /** Show the value in grey, e.g. for 'not provided'. */
  muted?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className={cn('break-words text-base', muted ? 'italic text-slate-500' : 'text-slate-900')}>{children}</dd>
    </div>
  );
}
