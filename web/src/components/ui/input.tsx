import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

export const inputClasses =
  'block h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 focus-visible:border-primary-500 focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:bg-slate-100 ' +
  'aria-[invalid=true]:border-danger-600 sm:text-sm';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(inputClasses, className)} {...props} />;
});
