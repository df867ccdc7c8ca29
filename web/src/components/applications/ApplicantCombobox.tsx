import { useQuery } from '@tanstack/react-query';
import { ChevronsUpDown } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplicationStatusLabel } from '@/components/ui/application-status-badge';
import { inputClasses } from '@/components/ui/input';
import { getJson } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import type { ApplicationListItem } from '@/types/api';

/*
 * The admin's applicant picker (issue 17: "a searchable combobox that asks the server (name, e-mail, ID code)
 * and shows each applicant's application"). The ARIA 1.2 combobox pattern with a list popup: the input keeps
 * focus, the arrow keys move the active option (aria-activedescendant), Enter picks it, Escape closes the
 * list (or, when closed, clears the box).
 */

/** The applicant an admin picked, with the application the choice is about. */
export interface ApplicantChoice {
  userId: number;
  applicationId: number;
  name: string;
}

export const APPLICANT_SEARCH_URL = '/api/admin/applications';
export const APPLICANT_SEARCH_LIMIT = 10;
export const APPLICANT_SEARCH_DEBOUNCE_MS = 300;

/** The search's URL, which is also its query key; it starts like the applications list's so its invalidation covers it. */
function applicantSearchUrl(text: string): string {
  const query = new URLSearchParams();
  if (text) query.set('q', text);
  query.set('limit', String(APPLICANT_SEARCH_LIMIT));
  return `${APPLICANT_SEARCH_URL}?${query.toString()}`;
}

function applicantName(item: ApplicationListItem): string {
  return item.user.fullName || item.profile.fullName || item.user.username || `#${item.userId}`;
}

/** Compared by content: callers may build the value afresh on every render. */
function choiceKey(choice: ApplicantChoice | null): string {
  return choice ? `${choice.userId}:${choice.applicationId}:${choice.name}` : '';
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export interface ApplicantComboboxProps {
  value: ApplicantChoice | null;
  onChange: (applicant: ApplicantChoice | null) => void;
  /** The input's id, for a <Label htmlFor>; the combobox takes its accessible name from that label. */
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export function ApplicantCombobox({ value, onChange, id, placeholder, disabled, ...aria }: ApplicantComboboxProps) {
  const { t } = useTranslation('common');
  const statusLabel = useApplicationStatusLabel();
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const listId = `${ownId}-list`;
  const optionId = (index: number) => `${ownId}-option-${index}`;

  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A value set from outside (a form reset, a preselected applicant) shows in the box.
  const [seenValue, setSeenValue] = useState(choiceKey(value));
  if (choiceKey(value) !== seenValue) {
    setSeenValue(choiceKey(value));
    setText(value?.name ?? '');
  }

  const term = useDebounced(text.trim(), APPLICANT_SEARCH_DEBOUNCE_MS);
  // Once picked, the box shows the name: the list then offers everyone again rather than that one name.
  const searched = value !== null && term === value.name ? '' : term;
  const url = applicantSearchUrl(searched);
  const results = useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<ApplicationListItem[]>(url, signal),
    enabled: open,
  });
  const items = open ? (results.data ?? []) : [];

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on ownId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const pick = (item: ApplicationListItem) => {
    const choice = { userId: item.userId, applicationId: item.id, name: applicantName(item) };
    setSeenValue(choiceKey(choice));
    setText(choice.name);
    setOpen(false);
    setActive(-1);
    onChange(choice);
  };

  const type = (next: string) => {
    setText(next);
    setOpen(true);
    setActive(-1);
    if (value !== null) {
      setSeenValue(choiceKey(null));
      onChange(null);
    }
  };

  const move = (step: number) => {
    if (!open) {
      setOpen(true);
      return;
    }
    if (items.length === 0) return;
    setActive((current) => (current + step + items.length) % items.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (event.altKey) setOpen(event.key === 'ArrowDown');
      else move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      pick(items[active]);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text !== '') {
        event.preventDefault();
        type('');
        setOpen(false);
      }
    }
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
    // Text that picked nobody goes: the box shows what is chosen.
    setText(value?.name ?? '');
  };

  return (
    <div className="relative">
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        autoComplete="off"
        disabled={disabled}
        placeholder={placeholder ?? t('applicantCombobox.placeholder')}
        className={cn(inputClasses, 'pr-9')}
        value={text}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
        onBlur={close}
      />
      <ChevronsUpDown
        className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <div
        className={cn(
          'absolute z-50 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg',
          !open && 'hidden',
        )}
      >
        <ul id={listId} role="listbox" aria-label={t('applicantCombobox.listLabel')} className="max-h-72 overflow-y-auto py-1">
          {items.map((item, index) => (
            <li
              key={item.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-testid="applicant-option"
              className={cn(
                'flex cursor-pointer flex-col gap-0.5 px-3 py-2 text-sm',
                index === active ? 'bg-primary-50 text-slate-900' : 'text-slate-700 hover:bg-slate-50',
              )}
              // Keep the focus in the input (the pattern), so blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(item)}
              onMouseMove={() => setActive(index)}
            >
              <span className="font-medium text-slate-900">{applicantName(item)}</span>
              <span className="break-all text-slate-600">
                {[item.user.email ?? item.profile.email, item.profile.idCode].filter(Boolean).join(' · ')}
              </span>
              <span className="text-slate-500">
                {t('applicantCombobox.application', { id: item.id, status: statusLabel(item.status) })}
              </span>
            </li>
          ))}
        </ul>
        <ComboboxStatus open={open} isLoading={results.isFetching} failed={Boolean(results.error)} count={items.length} />
      </div>
    </div>
  );
}

function ComboboxStatus({ open, isLoading, failed, count }: { open: boolean; isLoading: boolean; failed: boolean; count: number }) {
  const { t } = useTranslation('common');
  const message = !open
    ? ''
    : isLoading
      ? t('applicantCombobox.searching')
      : failed
        ? t('applicantCombobox.failed')
        : count === 0
          ? t('applicantCombobox.noResults')
          : t('applicantCombobox.results', { count });
  return (
    <p role="status" className={cn('px-3 py-2 text-sm text-slate-500', (!message || count > 0) && 'sr-only')}>
      {message}
    </p>
  );
}
