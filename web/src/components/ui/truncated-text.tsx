import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/*
 * Issue 37, What a new user found: in the admin tables at 1366 px, names wrapped over several lines, e-mail
 * addresses broke mid-word and a .docx's type ran over three lines. A value that may be long stays on one line,
 * cut with an ellipsis at its column's width (`className`: e.g. 'md:max-w-[12rem]'); the whole value is its
 * title (shown on hover) and stays in the text that screen readers read and search finds.
 */
export function TruncatedText({ text, className, children }: { text: string; className?: string; children?: ReactNode }) {
  return (
    <span title={text} data-truncated="" className={cn('block min-w-0 truncate', className)}>
      {children ?? text}
    </span>
  );
}

/** The width a person's name or e-mail address takes at most in a wide table before it is cut. */
export const PERSON_WIDTH = 'md:max-w-[12rem]';

/**
 * A person in a table cell: the name above the e-mail address, each on one line (cut with the whole value as
 * its title), the address a mailto link when `mailto` is set.
 */
export function PersonCell({ name, email, mailto = false }: { name: string | null; email: string | null; mailto?: boolean }) {
  return (
    <span className="flex min-w-0 flex-col">
      {name && <TruncatedText text={name} className={cn('text-slate-900', PERSON_WIDTH)} />}
      {email &&
        (mailto ? (
          <a href={`mailto:${email}`} className="min-w-0 text-xs text-primary-700 hover:underline">
            <TruncatedText text={email} className={PERSON_WIDTH} />
          </a>
        ) : (
          <TruncatedText text={email} className={cn('text-xs text-slate-500', PERSON_WIDTH)} />
        ))}
    </span>
  );
}
