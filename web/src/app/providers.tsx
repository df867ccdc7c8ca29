import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredToaster } from './DeferredToaster';
import { LanguageSync } from './LanguageSync';

/**
 * App-wide providers. No Radix tooltip provider: it would pull the popper into every page (issue 18), and each
 * tooltip brings its own.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageSync />
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
