import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, rows = 4, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={cn(
        'block w-full min-w-0 resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm',
        'placeholder:text-slate-500 focus-visible:border-primary-500 focus-visible:outline-2 focus-visible:outline-offset-0',
        'focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:bg-slate-100',
        'aria-[invalid=true]:border-danger-600 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
});
