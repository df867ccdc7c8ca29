import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/*
 * A table that becomes a list of stacked cards below the md breakpoint (design.md: tables become
 * stacked cards on a phone). One DOM for both layouts: on phones the header row is hidden and each
 * cell shows its column name from `label` in front of the value. Tables are built with DataTable
 * (data-table.tsx), which puts these parts together.
 */

export function ResponsiveTable({ className, children, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="md:overflow-x-auto md:rounded-[var(--radius-card)] md:border md:border-slate-200 md:bg-white">
      <table className={cn('block w-full text-left text-sm md:table', className)} {...props}>
        {children}
      </table>
    </div>
  );
}

export function ResponsiveTableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="sr-only md:not-sr-only md:table-header-group md:border-b md:border-slate-200 md:bg-slate-50">
      <tr>{children}</tr>
    </thead>
  );
}

export function ResponsiveTableHeader({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn('px-4 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600', className)}
      {...props}
    />
  );
}

export function ResponsiveTableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('flex flex-col gap-3 md:table-row-group md:gap-0', className)} {...props} />;
}

export function ResponsiveTableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      className={cn(
        'flex flex-col gap-2 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm',
        'md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:shadow-none md:last:border-b-0 md:hover:bg-slate-50',
        className,
      )}
      {...props}
    />
  );
}

interface CellProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** The column name, shown in front of the value on phones. Omit for cells that speak for themselves. */
  label?: string;
}

export function ResponsiveTableCell({ label, className, children, ...props }: CellProps) {
  return (
    <td className={cn('block md:table-cell md:px-4 md:py-3 md:align-middle', className)} {...props}>
      {label && (
        <span aria-hidden="true" className="mb-0.5 block text-xs font-medium uppercase tracking-wide text-slate-500 md:hidden">
          {label}
        </span>
      )}
      {children}
    </td>
  );
}

interface ActionsProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** Let the buttons wrap on wide screens too, for a column kept narrow on purpose. */
  wrap?: boolean;
}

/** The last cell of a row: its buttons, under the values on phones, right-aligned on wide screens. */
export function ResponsiveTableActions({ wrap = false, children, ...props }: ActionsProps) {
  return (
    <ResponsiveTableCell {...props}>
      <div className={cn('flex flex-wrap gap-2 pt-1 md:justify-end md:pt-0', !wrap && 'md:flex-nowrap')}>{children}</div>
    </ResponsiveTableCell>
  );
}
