import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { useId, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Input, inputClasses } from './input';
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
 *
 * Server-paged mode (issue 17) is these controlled props together: `sort`/`onSortChange`, `pagination`,
 * `search` and `filters`, `stale` while the next page loads. hooks/use-list-params.ts keeps them in the URL
 * and gives them all at once (`list.tableProps(...)`). Without them the table is a plain list of its rows.
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

export interface DataTableSearch {
  /** The text in the box (ahead of the search the rows answer while the user types). */
  value: string;
  onChange: (text: string) => void;
  label: string;
  placeholder?: string;
}

/** The props of server-paged mode that hooks/use-list-params.ts provides. */
export interface DataTableServerProps {
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort) => void;
  pagination?: DataTablePagination;
  /** A search box above the table, there in every state (loading, empty, failed). */
  search?: DataTableSearch;
}

export interface DataTableProps<Row> extends DataTableServerProps {
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
  /** Filter controls beside the search box (e.g. a FilterSelect of statuses), there in every state. */
  filters?: ReactNode;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, status, empty, standalone, stale, pagination, search, filters } = props;
  const table = (
    <QueryState
      query={{ data: rows, isLoading: status?.isLoading ?? false, error: status?.error }}
      loadingLabel={status?.loadingLabel ?? ''}
      errorTitle={status?.errorTitle ?? ''}
      empty={pagination && isPastLastPage(pagination, rows) ? <PastLastPage {...pagination} /> : empty}
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
  if (!search && !filters) return table;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {search && <SearchBox {...search} />}
        {filters}
      </div>
      {table}
    </div>
  );
}

function SearchBox({ value, onChange, label, placeholder }: DataTableSearch) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:min-w-64">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          className="pl-9"
          autoComplete="off"
        />
      </div>
    </div>
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

/** A shared link or a shrunken result can point past the last page: the server answers no rows but a total. */
function isPastLastPage(pagination: DataTablePagination, rows: readonly unknown[] | undefined): boolean {
  return rows !== undefined && rows.length === 0 && pagination.page > 0 && pagination.total > 0;
}

function PastLastPage({ onPageChange }: DataTablePagination) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-slate-600">
      <p>{t('table.pastLastPage')}</p>
      <Button variant="secondary" size="sm" onClick={() => onPageChange(0)}>
        {t('table.firstPage')}
      </Button>
    </div>
  );
}

/**
 * The pages to offer as buttons (from 0): the first, the last and the current one with its neighbours;
 * null marks a gap.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([0, pageCount - 1, page - 1, page, page + 1].filter((p) => p >= 0 && p < pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((p, index) => (index > 0 && p - sorted[index - 1] > 1 ? [null, p] : [p]));
}

function Pagination({ page, pageSize, total, onPageChange, label, shown }: DataTablePagination & { shown: number }) {
  const { t, i18n } = useTranslation('common');
  const number = new Intl.NumberFormat(i18n.language);
  const from = page * pageSize;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 tabular-nums" aria-live="polite">
        {t('table.range', { from: number.format(from + 1), to: number.format(from + shown), total: number.format(total) })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page === 0}>
          {t('table.previous')}
        </Button>
        {pageCount > 1 && (
          <ul className="hidden items-center gap-1 sm:flex">
            {pageWindow(page, pageCount).map((p, index) =>
              p === null ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
                  …
                </li>
              ) : (
                <li key={p}>
                  <Button
                    variant={p === page ? 'primary' : 'ghost'}
                    size="sm"
                    className="min-w-9 tabular-nums"
                    aria-label={t('table.page', { page: number.format(p + 1) })}
                    aria-current={p === page ? 'page' : undefined}
                    onClick={() => onPageChange(p)}
                  >
                    {number.format(p + 1)}
                  </Button>
                </li>
              ),
            )}
          </ul>
        )}
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={from + shown >= total}>
          {t('table.next')}
        </Button>
      </div>
    </nav>
  );
}
