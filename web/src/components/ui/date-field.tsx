import * as PopoverPrimitive from '@radix-ui/react-popover';
import { CalendarDays } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { parseIsoDate, toIsoDate, type CalendarDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { DayPickerCalendar } from './day-picker';
import { formatDateText, parseDateText } from './date-text';
import { inputClasses } from './input';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'max' | 'min'>;

export interface DateFieldLabels {
  placeholder: string;
  openCalendar: string;
  previousMonth: string;
  nextMonth: string;
}

export interface DateFieldProps extends InputProps {
  id: string;
  /** 'yyyy-mm-dd', or '' while the text is empty (or, without `invalidValue`, not a date). */
  value: string;
  onChange: (isoDate: string) => void;
  ref?: Ref<HTMLInputElement>;
  /** The page's language unless given. */
  language?: string;
  /** The common ones (a dd.mm.yyyy / dd/mm/yyyy placeholder, 'Choose the date in a calendar') unless given. */
  labels?: Partial<DateFieldLabels>;
  /** The earliest day the calendar offers. */
  min?: CalendarDate;
  /** The latest day the calendar offers. */
  max?: CalendarDate;
  /** The calendar's year dropdown starts here. */
  fromYear?: number;
  /**
   * What the form gets for a text that is not a real date, e.g. 'invalid': an optional date then fails its form's
   * rule instead of passing as empty. Without it the form gets '' and its own rules answer (a required date of
   * birth says it is required). A typed day outside min and max is given as it is, for the form's or the server's
   * rule to answer in words; the calendar does not offer it.
   */
  invalidValue?: string;
}

/**
 * The portal's one date control (issue 37, What a new user found: native date inputs showed mm/dd/yyyy on an
 * Estonian page in an American browser, beside this field's dd.mm.yyyy): a date typed as dd.mm.yyyy (dd/mm/yyyy
 * in English) or picked in a calendar in the page's language and Tallinn's days. The form gets the ISO date
 * ('yyyy-mm-dd'). A value set from outside (a form's reset) shows in the box.
 */
export function DateField({
  id,
  value,
  onChange,
  ref,
  language: givenLanguage,
  labels: givenLabels,
  min,
  max,
  fromYear,
  invalidValue,
  className,
  ...inputProps
}: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = givenLanguage ?? currentLanguage(i18n);
  const labels: DateFieldLabels = {
    placeholder: t('dateField.placeholder'),
    openCalendar: t('dateField.openCalendar'),
    previousMonth: t('dateField.previousMonth'),
    nextMonth: t('dateField.nextMonth'),
    ...givenLabels,
  };
  const textOf = (iso: string) => {
    const date = parseIsoDate(iso);
    return date ? formatDateText(date, language) : '';
  };
  const [text, setText] = useState(() => textOf(value));
  // The last value this field gave the form, or was given: anything else is a change from outside.
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setText(textOf(value));
  }
  const [open, setOpen] = useState(false);
  const selected = parseIsoDate(value);

  const report = (iso: string) => {
    setKnown(iso);
    onChange(iso);
  };

  const type = (next: string) => {
    setText(next);
    const iso = parseDateText(next);
    report(iso === '' && next.trim() !== '' ? (invalidValue ?? '') : iso);
  };

  const pick = (date: CalendarDate) => {
    setText(formatDateText(date, language));
    report(toIsoDate(date));
    setOpen(false);
  };

  return (
    <div className="relative">
      <input
        ref={ref}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={labels.placeholder}
        value={text}
        onChange={(event) => type(event.target.value)}
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
              min={min}
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
