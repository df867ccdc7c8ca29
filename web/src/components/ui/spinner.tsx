import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  // No Suspense here: the spinner is itself the fallback while translations load.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-600', className)}>
      <Loader2 className="h-6 w-6 animate-spin text-primary-500" aria-hidden="true" />
      <span className="sr-only">{label ?? t('loading', { defaultValue: 'Laadimine…' })}</span>
    </span>
  );
}

/** Full-area spinner, e.g. while the current user loads (spec §2 route guard). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" data-testid="page-spinner">
      <Spinner className="[&_svg]:h-8 [&_svg]:w-8" />
    </div>
  );
}
