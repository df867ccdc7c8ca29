import * as PopoverPrimitive from '@radix-ui/react-popover';
import { CalendarDays } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { parseIsoDate, toIsoDate, type CalendarDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { DayPickerCalendar } from './day-picker';
import { formatDateText, parseDateText } from './date-text';
import { inputClasses } from './input';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'max' | 'min'>;

export interface DateFieldProps extends InputProps {
  id: string;
  /** 'yyyy-mm-dd', or '' while the text is empty or not a date. */
  value: string;
  onChange: (isoDate: string) => void;
  ref?: Ref<HTMLInputElement>;
  language: string;
  labels: { placeholder: string; openCalendar: string; previousMonth: string; nextMonth: string };
  /** The latest day the calendar offers (typing is checked by the form's own rules). */
  max?: CalendarDate;
  /** The calendar's year dropdown starts here. */
  fromYear?: number;
}

/**
 * A date typed as dd.mm.yyyy (dd/mm/yyyy in English) or picked in a calendar in the page's language,
 * instead of the browser's date input, whose format follows the browser's language. The form gets the ISO
 * date ('yyyy-mm-dd'), or '' while the text is not a real date, so its own rules answer as before.
 */
export function DateField({ id, value, onChange, ref, language, labels, max, fromYear, className, ...inputProps }: DateFieldProps) {
  const [text, setText] = useState(() => {
    const date = parseIsoDate(value);
    return date ? formatDateText(date, language) : '';
  });
  const [open, setOpen] = useState(false);
  const selected = parseIsoDate(value);

  const pick = (date: CalendarDate) => {
    setText(formatDateText(date, language));
    onChange(toIsoDate(date));
    setOpen(false);
  };

  return (
    <div className="relative">
      <input
        ref={ref}
        id={id}
        type="text"
        placeholder={labels.placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseDateText(event.target.value));
        }}
        className={cn(inputClasses, 'pr-12', className)}
        {...inputProps}
      />
      <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
        <PopoverPrimitive.Trigger asChild>
          <button
            type="button"
            aria-label={labels.openCalendar}
            disabled={inputProps.disabled}
            className={cn(
              'absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-600 hover:bg-slate-100',
              'focus-visible:outline-2 focus-visible:outline-primary-500',
            )}
          >
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
          </button>
        </PopoverPrimitive.Trigger>
        <PopoverPrimitive.Portal>
          <PopoverPrimitive.Content
            aria-label={labels.openCalendar}
            align="end"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 rounded-lg border border-slate-200 bg-white shadow-lg"
            onOpenAutoFocus={(event) => event.preventDefault()}
          >
            <DayPickerCalendar
              autoFocus
              selected={selected}
              max={max}
              fromYear={fromYear}
              language={language}
              labels={{ previousMonth: labels.previousMonth, nextMonth: labels.nextMonth }}
              onSelect={pick}
            />
          </PopoverPrimitive.Content>
        </PopoverPrimitive.Portal>
      </PopoverPrimitive.Root>
    </div>
  );
}
