import * as TabsPrimitive from '@radix-ui/react-tabs';
import { Suspense, type ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/utils';
import { RenderErrorBoundary } from './error-boundary';
import { Spinner } from './spinner';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('flex w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'flex-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors',
        'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-500',
        'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A panel suspends on its own while its translations load the first time: without this boundary the page's
 * would replace the whole page, tab list included, and the tab a keyboard user has just moved to would lose focus.
 * Likewise a panel that fails to render shows what failed in its own place (issue 37), under the tab list.
 */
export function TabsContent({
  className,
  children,
  label,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.Content> & {
  /** The tab's name, for the message when the panel fails to render. */
  label?: string;
}) {
  return (
    <TabsPrimitive.Content className={cn('mt-6 focus-visible:outline-none', className)} {...props}>
      <RenderErrorBoundary what={label}>
        <Suspense
          fallback={
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          }
        >
          {children}
        </Suspense>
      </RenderErrorBoundary>
    </TabsPrimitive.Content>
  );
}
