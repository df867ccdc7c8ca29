import { Suspense, type ReactNode } from 'react';
import { PageSkeleton } from '@/components/ui/skeleton';

/** A lazily loaded page shows the shape of a page, not a bare spinner, while its code arrives (issue 18). */
export function PageLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSkeleton />}>{children}</Suspense>;
}
