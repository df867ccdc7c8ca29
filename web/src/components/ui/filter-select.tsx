import { useId } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  /** The chosen option's value; '' picks the option whose value is ''. */
  value: string;
  onChange: (value: string) => void;
  options: readonly FilterOption[];
  className?: string;
}

/*
 * Radix Select gives the empty string a meaning of its own (no value), so the "all" option travels under
 * a stand-in value and the caller still sees ''.
 */
const EMPTY = '\u0000all';

/** A labelled select for a list filter (a status, an assignee), for DataTable's `filters` slot. */
export function FilterSelect({ label, value, onChange, options, className = 'sm:w-56' }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || EMPTY} onValueChange={(next) => onChange(next === EMPTY ? '' : next)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value || EMPTY} value={option.value || EMPTY}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
