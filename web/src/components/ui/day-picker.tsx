import { DayPicker, TZDate, type ChevronProps } from 'react-day-picker';
import { enGB, et } from 'react-day-picker/locale';
import { ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { TIME_ZONE, localeFor, todayInTallinn, type CalendarDate } from '@/lib/dates';
import { cn } from '@/lib/utils';

/*
 * A single-date month grid on react-day-picker (WAI-ARIA grid: one day in the tab order, arrows move by
 * day and week, Page Up/Down by month, Home/End to the week's ends, Enter/Space pick). The calendar
 * runs in Tallinn's time zone whatever the browser's, and works in plain calendar days, so the day
 * picked is the day sent. Estonian or English (weeks start on Monday in both) follow the UI language.
 */

/** Midnight of a calendar day in Tallinn, as the day picker counts days. */
function tallinnDay({ year, month, day }: CalendarDate): TZDate {
  return new TZDate(year, month - 1, day, TIME_ZONE);
}

export function dayPickerLocale(language: string) {
  return localeFor(language) === 'et-EE' ? et : enGB;
}

const navButton =
  'grid h-9 w-9 place-items-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-500 aria-disabled:opacity-40';

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : orientation === 'down' ? ChevronDown : ChevronRight;
  return <Icon className={cn('h-4 w-4', className)} aria-hidden="true" />;
}

export interface DayPickerCalendarProps {
  selected: CalendarDate | null;
  onSelect: (date: CalendarDate) => void;
  /** Days before this one cannot be picked. */
  min?: CalendarDate;
  language: string;
  labels: { previousMonth: string; nextMonth: string };
  /** Days after this one cannot be picked. */
  max?: CalendarDate;
  /** Month and year dropdowns from this year on, for dates far from today (a date of birth). */
  fromYear?: number;
  /** Focus the selected (or today's) day when the calendar appears, e.g. in a popover. */
  autoFocus?: boolean;
  className?: string;
}

export function DayPickerCalendar(props: DayPickerCalendarProps) {
  const { selected, onSelect, min, max, fromYear, language, labels, autoFocus, className } = props;
  const today = todayInTallinn();
  const selectedDay = selected ? tallinnDay(selected) : undefined;
  return (
    <DayPicker
      mode="single"
      timeZone={TIME_ZONE}
      locale={dayPickerLocale(language)}
      weekStartsOn={1}
      today={tallinnDay(today)}
      selected={selectedDay}
      defaultMonth={selectedDay ?? tallinnDay(max ?? min ?? today)}
      disabled={[...(min ? [{ before: tallinnDay(min) }] : []), ...(max ? [{ after: tallinnDay(max) }] : [])]}
      captionLayout={fromYear === undefined ? 'label' : 'dropdown'}
      startMonth={fromYear === undefined ? undefined : tallinnDay({ year: fromYear, month: 1, day: 1 })}
      endMonth={max && tallinnDay(max)}
      // Picking the chosen day again keeps it (a due date is cleared with its own button).
      required
      onSelect={(date) => onSelect(todayInTallinn(date))}
      autoFocus={autoFocus}
      navLayout="around"
      labels={{ labelPrevious: () => labels.previousMonth, labelNext: () => labels.nextMonth }}
      components={{ Chevron }}
      className={cn('w-[18rem] p-3 text-sm', className)}
      classNames={{
        months: 'relative',
        month: 'grid grid-cols-[2.25rem_1fr_2.25rem] items-center gap-y-2',
        month_caption: 'text-center',
        caption_label: cn(
          'inline-flex items-center gap-1 text-sm font-semibold capitalize text-slate-900',
          'peer-focus-visible:rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-primary-500',
        ),
        dropdowns: 'flex items-center justify-center gap-3',
        dropdown_root: 'relative inline-flex items-center',
        // The native select lies unseen over its label: the label shows the choice, the select takes the input.
        dropdown: 'peer absolute inset-0 z-10 w-full cursor-pointer appearance-none opacity-0',
        button_previous: navButton,
        button_next: navButton,
        month_grid: 'col-span-3 w-full border-collapse',
        weekdays: '',
        weekday: 'pb-1 text-center text-xs font-medium capitalize text-slate-500',
        week: '',
        day: 'group p-0.5 text-center',
        day_button: cn(
          'h-9 w-9 rounded-md text-sm text-slate-800 hover:bg-primary-50',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500',
          'group-data-[today=true]:font-semibold group-data-[today=true]:text-primary-700',
          'group-data-[selected=true]:bg-primary-500 group-data-[selected=true]:text-white group-data-[selected=true]:hover:bg-primary-600',
          'disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent',
          'aria-disabled:cursor-not-allowed aria-disabled:text-slate-300 aria-disabled:hover:bg-transparent',
        ),
        today: '',
        selected: '',
        disabled: '',
        outside: '',
        hidden: 'invisible',
      }}
    />
  );
}
