import * as PopoverPrimitive from '@radix-ui/react-popover';
import { CalendarDays, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayPickerCalendar } from '@/components/ui/day-picker';
import { formatCalendarDate, parseIsoDate, todayInTallinn, toIsoDate } from '@/lib/dates';
import { cn } from '@/lib/utils';

interface Props {
  id: string;
  /** 'YYYY-MM-DD' or '' for none. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * Spec §2: the due date is picked in a single-date calendar in a popover; the trigger reads 'Select date'
 * until a day is chosen, and the clear button takes the date away again (sent as null). Days are Tallinn's;
 * days before today cannot be picked.
 */
export function DueDatePicker({ id, value, onChange }: Props) {
  const { t, i18n } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  const selected = parseIsoDate(value);

  return (
    <div className="flex items-center gap-2">
      <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
        <PopoverPrimitive.Trigger asChild>
          <button
            id={id}
            type="button"
            className={cn(
              'flex h-11 w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm shadow-sm sm:max-w-[260px]',
              'focus-visible:outline-2 focus-visible:outline-primary-500',
              !selected && 'text-slate-500',
            )}
          >
            <CalendarDays className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="truncate">{selected ? formatCalendarDate(selected, i18n.language) : t('request.datePlaceholder')}</span>
          </button>
        </PopoverPrimitive.Trigger>
        <PopoverPrimitive.Portal>
          <PopoverPrimitive.Content
            aria-label={t('calendar.label')}
            align="start"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 rounded-lg border border-slate-200 bg-white shadow-lg"
            onOpenAutoFocus={(event) => event.preventDefault()}
          >
            <DayPickerCalendar
              autoFocus
              selected={selected}
              min={todayInTallinn()}
              language={i18n.language}
              labels={{ previousMonth: t('calendar.previousMonth'), nextMonth: t('calendar.nextMonth') }}
              onSelect={(date) => {
                onChange(toIsoDate(date));
                setOpen(false);
              }}
            />
          </PopoverPrimitive.Content>
        </PopoverPrimitive.Portal>
      </PopoverPrimitive.Root>
      {selected && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t('request.clearDate')}
          className="grid h-11 w-11 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
