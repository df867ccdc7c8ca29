import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/components/ui/use-toast';

// The toast region's code (Radix toast) downloads with the first toast, not with every page (issue 18).
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the toaster with the first toast and keeps it mounted; the toast store holds the toast until the
 * toaster's code has arrived, so nothing shown early is lost.
 */
export function DeferredToaster() {
  const hasToasts = useToasts().length > 0;
  const [mounted, setMounted] = useState(false);
  if (hasToasts && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
