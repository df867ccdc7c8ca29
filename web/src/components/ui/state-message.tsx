import { AlertCircle, AlertTriangle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A quiet "nothing here yet" block: icon, title and a line of text, centred. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 px-4 py-10 text-center', className)}>
      <span className="grid h-12 w-12 place-items-center rounded-full bg-slate-100 text-slate-500">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      {title && <p className="font-semibold text-slate-900">{title}</p>}
      {children && <div className="max-w-md text-sm leading-relaxed text-slate-600">{children}</div>}
    </div>
  );
}

/** A card-like alert for a failed load: a title, the explanation and optional actions. */
export function ErrorState({
  title,
  children,
  actions,
  className,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('flex gap-4 rounded-[var(--radius-card)] border border-red-200 bg-danger-50 p-6', className)}
    >
      <AlertTriangle className="mt-0.5 h-6 w-6 shrink-0 text-danger-600" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 className="text-lg font-semibold text-danger-700">{title}</h2>
        {children && <div className="text-sm leading-relaxed text-slate-700">{children}</div>}
        {actions && <div className="mt-2 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </div>
  );
}

/** A compact alert for a list that failed to load, shown in place of the list. */
export function LoadError({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-danger-600/30 bg-danger-50 p-4 text-danger-700">
      <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        {children && <p className="break-words text-sm">{children}</p>}
      </div>
    </div>
  );
}
