import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { inputClasses } from './input';
import { Label } from './label';
import { QueryState } from './query-state';
import {
  ResponsiveTable,
  ResponsiveTableActions,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableRow,
} from './responsive-table';

/*
 * The one table of the applicant and admin tabs: column definitions and rows in, a table out that
 * becomes stacked cards on phones (responsive-table.tsx), with the loading, failure and empty states
 * of its query. Sorting and paging are controlled by the caller, so they can happen on the server:
 * the table only shows the current sort and page and reports what the user asks for.
 */

export type SortDirection = 'asc' | 'desc';

export interface DataTableSort {
  /** A sortable column's id. */
  column: string;
  direction: SortDirection;
}

export interface DataTableColumn<Row> {
  /** Unique among the columns; the sort key for a sortable column. */
  id: string;
  /** The column name: the header on wide screens, the label in front of the value on phones. */
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * Whether phones show the column name in front of the value (default: unless `wideOnly`). False for
   * values that speak for themselves (a name, a title); a function decides per row (no label over an
   * empty value).
   */
  phoneLabel?: boolean | ((row: Row) => boolean);
  /** Only on wide screens, e.g. a badge that phones show beside the name instead. */
  wideOnly?: boolean;
  /** The header is read by screen readers only. */
  hideHeader?: boolean;
  className?: string;
  /** The user can ask for the rows in this column's order (see `sort` and `onSortChange`). */
  sortable?: boolean;
}

export interface DataTableActions<Row> {
  header: string;
  hideHeader?: boolean;
  /** Let the buttons wrap on wide screens too, for a column kept narrow on purpose. */
  wrap?: boolean;
  className?: string;
  cell: (row: Row) => ReactNode;
}

export interface DataTableStatus {
  isLoading: boolean;
  error: unknown;
  /** Screen-reader text of the spinner. */
  loadingLabel: string;
  /** Heading of the load error; the error's own text goes below it. */
  errorTitle: string;
}

export interface DataTablePagination {
  /** The page shown, from 0. */
  page: number;
  pageSize: number;
  /** Rows on every page together (e.g. the server's X-Total-Count). */
  total: number;
  onPageChange: (page: number) => void;
  /** Names the page navigation for screen readers. */
  label: string;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  /** The rows of the current page; undefined while they load. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** data-testid of every row. */
  rowTestId?: string;
  /** A last column of row buttons: under the values on phones, right-aligned on wide screens. */
  actions?: DataTableActions<Row>;
  /** The table's accessible name: a visually hidden caption, or aria-label / aria-labelledby. */
  caption?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /**
   * The loading and failure of the rows' query. Leave it out when the caller shows them itself (for
   * several lists that load together).
   */
  status?: DataTableStatus;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** The table stands on the page rather than in a card: its loading and empty states get a card. */
  standalone?: boolean;
  /** The rows shown are the previous page's or search's while the next ones load. */
  stale?: boolean;
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort) => void;
  pagination?: DataTablePagination;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, status, empty, standalone, stale, pagination } = props;
  return (
    <QueryState
      query={{ data: rows, isLoading: status?.isLoading ?? false, error: status?.error }}
      loadingLabel={status?.loadingLabel ?? ''}
      errorTitle={status?.errorTitle ?? ''}
      empty={empty}
      framed={standalone}
    >
      {(shown) => (
        <div className="flex flex-col gap-3">
          <PhoneSort {...props} />
          <div aria-busy={stale || undefined} className={stale ? 'opacity-60 transition-opacity' : undefined}>
            <Table {...props} rows={shown} />
          </div>
          {pagination && <Pagination {...pagination} shown={shown.length} />}
        </div>
      )}
    </QueryState>
  );
}

function phoneLabel<Row>(column: DataTableColumn<Row>, row: Row): string | undefined {
  const { phoneLabel: show = !column.wideOnly } = column;
  return (typeof show === 'function' ? show(row) : show) ? column.header : undefined;
}

function Table<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  actions,
  caption,
  sort,
  onSortChange,
  ...props
}: DataTableProps<Row> & { rows: readonly Row[] }) {
  return (
    <ResponsiveTable aria-label={props['aria-label']} aria-labelledby={props['aria-labelledby']}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <ResponsiveTableHead>
        {columns.map((column) => (
          <ColumnHeader key={column.id} column={column} sort={sort} onSortChange={onSortChange} />
        ))}
        {actions && (
          <ResponsiveTableHeader className="md:text-right">
            {actions.hideHeader ? <span className="sr-only">{actions.header}</span> : actions.header}
          </ResponsiveTableHeader>
        )}
      </ResponsiveTableHead>
      <ResponsiveTableBody>
        {rows.map((row) => (
          <ResponsiveTableRow key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((column) => (
              <ResponsiveTableCell
                key={column.id}
                label={phoneLabel(column, row)}
                className={cn(column.wideOnly && 'hidden md:table-cell', column.className)}
              >
                {column.cell(row)}
              </ResponsiveTableCell>
            ))}
            {actions && (
              <ResponsiveTableActions wrap={actions.wrap} className={actions.className}>
                {actions.cell(row)}
              </ResponsiveTableActions>
            )}
          </ResponsiveTableRow>
        ))}
      </ResponsiveTableBody>
    </ResponsiveTable>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function ColumnHeader<Row>({
  column,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<Row>;
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort) => void;
}) {
  const name = column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header;
  if (!column.sortable || !onSortChange) return <ResponsiveTableHeader>{name}</ResponsiveTableHeader>;

  const direction = sort?.column === column.id ? sort.direction : null;
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <ResponsiveTableHeader aria-sort={direction ? ARIA_SORT[direction] : 'none'}>
      {/* Phones sort with the select above the cards; their (hidden) header row only names the column. */}
      <span className="md:hidden">{column.header}</span>
      <button
        type="button"
        onClick={() => onSortChange({ column: column.id, direction: direction === 'asc' ? 'desc' : 'asc' })}
        className="-mx-1 hidden items-center gap-1 rounded px-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-500 md:inline-flex"
      >
        {column.header}
        <Icon className={cn('h-3.5 w-3.5', !direction && 'text-slate-400')} aria-hidden="true" />
      </button>
    </ResponsiveTableHeader>
  );
}

/** On phones the header row is hidden, so the sortable columns are offered in a select above the cards. */
function PhoneSort<Row>({ columns, sort, onSortChange }: DataTableProps<Row>) {
  const { t } = useTranslation('common');
  const id = useId();
  const sortable = columns.filter((column) => column.sortable);
  if (!onSortChange || sortable.length === 0) return null;

  const choose = (value: string) => {
    const [column, direction] = value.split(':');
    if (direction === 'asc' || direction === 'desc') onSortChange({ column, direction });
  };

  return (
    <div className="flex flex-col gap-1.5 md:hidden">
      <Label htmlFor={id}>{t('table.sortBy')}</Label>
      <select
        id={id}
        className={inputClasses}
        value={sort ? `${sort.column}:${sort.direction}` : ''}
        onChange={(event) => choose(event.target.value)}
      >
        {!sort && <option value="" />}
        {sortable.flatMap((column) =>
          (['asc', 'desc'] as const).map((direction) => (
            <option key={`${column.id}:${direction}`} value={`${column.id}:${direction}`}>
              {t(direction === 'asc' ? 'table.ascending' : 'table.descending', { column: column.header })}
            </option>
          )),
        )}
      </select>
    </div>
  );
}

function Pagination({ page, pageSize, total, onPageChange, label, shown }: DataTablePagination & { shown: number }) {
  const { t } = useTranslation('common');
  const from = page * pageSize;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('table.range', { from: from + 1, to: from + shown, total })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page === 0}>
          {t('table.previous')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={from + shown >= total}>
          {t('table.next')}
        </Button>
      </div>
    </nav>
  );
}
