import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './use-toast';

/** Spec §9: swipe threshold 50 px, hotkey F8. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

/**
 * Where toasts appear (issue 37, What a new user found: on a phone they covered the drawer's language switcher and
 * a dialog's Cancel, both at the bottom). Phones: at the top, leaving the right-hand 4rem free, where the header's
 * menu button, the drawer's and every dialog's close button are. Wider screens: bottom left, where dialogs have no
 * buttons (their footers align right). The region itself lets clicks through; only the toasts take them.
 */
export const TOAST_VIEWPORT_CLASSES =
  'pointer-events-none fixed left-0 right-16 top-0 z-[100] flex flex-col gap-2 p-2 outline-none ' +
  'sm:bottom-0 sm:right-auto sm:top-auto sm:w-full sm:max-w-[420px] sm:p-4';

export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation('common');
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
      // Each toast is announced as '<label> <title>'; the region's own label is the viewport's, with its hotkey.
      label={t('toast.label')}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[state=open]:animate-toast-in',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            item.variant === 'destructive'
              ? 'border-danger-600 bg-danger-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
          data-variant={item.variant ?? 'default'}
          // A toast takes clicks and swipes even over an open dialog or the drawer, whose modal layer turns pointer
          // events off for everything outside it: it can always be swiped away (spec §9's 50 px) or closed.
          style={{ pointerEvents: 'auto' }}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t('actions.close')}
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        label={t('toast.regionLabel')}
        className={TOAST_VIEWPORT_CLASSES}
      />
    </ToastPrimitive.Provider>
  );
}
