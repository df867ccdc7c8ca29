import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { localeFor, type CalendarDate } from '@/lib/dates';
import { cn } from '@/lib/utils';

/*
 * A small single-date month grid (WAI-ARIA date picker dialog pattern): weeks start on Monday, one day
 * is in the tab order, arrows move by day and week, Page Up/Down by month, Home/End to the week's ends,
 * Enter/Space pick. Dates are plain calendar days (no time zone), so the picked day is the day sent.
 */

function toUtc({ year, month, day }: CalendarDate): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtc(date: Date): CalendarDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return toUtc(a).getTime() - toUtc(b).getTime();
}

function same(a: CalendarDate | null | undefined, b: CalendarDate | null | undefined): boolean {
  return !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day;
}

/** Monday = 0 … Sunday = 6. */
function weekday(date: CalendarDate): number {
  return (toUtc(date).getUTCDay() + 6) % 7;
}

export function formatCalendarDate(date: CalendarDate, language: string, style: 'long' | 'full' = 'long'): string {
  return new Intl.DateTimeFormat(localeFor(language), {
    timeZone: 'UTC',
    ...(style === 'full' ? { weekday: 'long' } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(toUtc(date));
}

export interface CalendarProps {
  selected: CalendarDate | null;
  onSelect: (date: CalendarDate) => void;
  /** Today, to mark it and to open on when nothing is selected. */
  today: CalendarDate;
  /** Days before this one cannot be picked. */
  min?: CalendarDate;
  language: string;
  labels: { previousMonth: string; nextMonth: string };
  /** Focus the selected (or today's) day when the calendar appears, e.g. in a popover. */
  autoFocus?: boolean;
  className?: string;
}

export function Calendar({ selected, onSelect, today, min, language, labels, autoFocus, className }: CalendarProps) {
  const [focused, setFocused] = useState<CalendarDate>(selected ?? (min && compare(today, min) < 0 ? min : today));
  const view = { year: focused.year, month: focused.month };
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(autoFocus ?? false);
  const headingId = useId();
  const locale = localeFor(language);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const isDisabled = (date: CalendarDate) => !!min && compare(date, min) < 0;

  const first: CalendarDate = { ...view, day: 1 };
  const lead = weekday(first);
  const count = daysInMonth(view.year, view.month);
  const cells: (CalendarDate | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: count }, (_, i) => ({ ...view, day: i + 1 })),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  // 1 January 2024 was a Monday.
  const weekdayNames = Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i));
    return {
      short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date),
    };
  });
  const monthLabel = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(toUtc(first));

  const go = (next: CalendarDate, focus: boolean) => {
    moveFocus.current = focus;
    setFocused(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => CalendarDate> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -weekday(focused)),
      End: () => addDays(focused, 6 - weekday(focused)),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    go(move(), true);
  };

  const navButton =
    'grid h-9 w-9 place-items-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-500';

  return (
    <div className={cn('w-[18rem] p-3', className)}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <button type="button" className={navButton} aria-label={labels.previousMonth} onClick={() => go(addMonths(focused, -1), false)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </button>
        <p id={headingId} aria-live="polite" className="text-sm font-semibold capitalize text-slate-900">
          {monthLabel}
        </p>
        <button type="button" className={navButton} aria-label={labels.nextMonth} onClick={() => go(addMonths(focused, 1), false)}>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={headingId} className="w-full border-collapse" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdayNames.map((name) => (
              <th key={name.long} scope="col" abbr={name.long} className="pb-1 text-center text-xs font-medium capitalize text-slate-500">
                {name.short.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((date, d) =>
                date ? (
                  <td key={d} role="gridcell" aria-selected={same(date, selected)} className="p-0.5 text-center">
                    <button
                      type="button"
                      tabIndex={same(date, focused) ? 0 : -1}
                      aria-disabled={isDisabled(date) || undefined}
                      aria-label={formatCalendarDate(date, language, 'full')}
                      aria-current={same(date, today) ? 'date' : undefined}
                      onClick={() => {
                        setFocused(date);
                        if (!isDisabled(date)) onSelect(date);
                      }}
                      className={cn(
                        'h-9 w-9 rounded-md text-sm text-slate-800 hover:bg-primary-50',
                        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500',
                        'aria-disabled:cursor-not-allowed aria-disabled:text-slate-300 aria-disabled:hover:bg-transparent',
                        same(date, today) && 'font-semibold text-primary-700',
                        same(date, selected) && 'bg-primary-500 text-white hover:bg-primary-600',
                      )}
                    >
                      {date.day}
                    </button>
                  </td>
                ) : (
                  <td key={d} role="gridcell" aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
