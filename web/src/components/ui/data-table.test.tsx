import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import i18n from '@/test/i18n';
import { DataTable, pageWindow, type DataTableColumn, type DataTableProps, type DataTableSort } from './data-table';

interface Person {
  id: number;
  name: string;
  city: string;
  note: string;
}

/** A server's JSON error with a message of its own (spec §8: shown as the server's message). */
const DATABASE_DOWN = new ApiError(503, JSON.stringify({ message: 'Database is down', code: 'database_down' }));

const PEOPLE: Person[] = [
  { id: 1, name: 'Mari', city: 'Tartu', note: 'Called back' },
  { id: 2, name: 'Jaan', city: 'Narva', note: '' },
];

const COLUMNS: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', phoneLabel: false, cell: (person) => <strong>{person.name}</strong> },
  { id: 'city', header: 'City', sortable: true, cell: (person) => person.city },
  { id: 'note', header: 'Note', phoneLabel: (person) => person.note !== '', cell: (person) => person.note },
  { id: 'badge', header: 'Badge', wideOnly: true, cell: () => 'wide' },
];

function renderTable(props: Partial<DataTableProps<Person>> = {}) {
  return render(
    <DataTable
      columns={COLUMNS}
      rows={PEOPLE}
      rowKey={(person) => person.id}
      rowTestId="person-row"
      caption="People"
      actions={{ header: 'Actions', cell: (person) => <button type="button">Open {person.name}</button> }}
      {...props}
    />,
  );
}

/** The phone label of a cell: the column name shown in front of the value below the md breakpoint. */
function phoneLabelOf(cell: HTMLElement) {
  const label = cell.querySelector('span[aria-hidden="true"]');
  return label?.classList.contains('md:hidden') ? label.textContent : null;
}

describe('DataTable (design.md: tables become stacked cards on a phone)', () => {
  it('draws the columns and rows, named by its caption, with the actions last', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'City',
      'Note',
      'Badge',
      'Actions',
    ]);
    const rows = screen.getAllByTestId('person-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Mari',
      'CityTartu',
      'NoteCalled back',
      'wide',
      'Open Mari',
    ]);
    expect(within(rows[1]).getByRole('button', { name: 'Open Jaan' })).toBeInTheDocument();
  });

  it('lays the rows out as cards on phones: each value labelled unless it speaks for itself', () => {
    renderTable();
    const [mari, jaan] = screen.getAllByTestId('person-row').map((row) => within(row).getAllByRole('cell'));
    expect(phoneLabelOf(mari[0])).toBeNull();
    expect(phoneLabelOf(mari[1])).toBe('City');
    expect(phoneLabelOf(mari[2])).toBe('Note');
    expect(phoneLabelOf(jaan[2])).toBeNull(); // nothing to label
    expect(mari[3]).toHaveClass('hidden', 'md:table-cell');
    // The header row is for screen readers only below md; rows are stacked cards there.
    expect(screen.getByRole('table').querySelector('thead')).toHaveClass('sr-only', 'md:not-sr-only');
    expect(screen.getAllByTestId('person-row')[0]).toHaveClass('flex', 'flex-col', 'md:table-row');
  });

  it('shows a spinner while loading, the error with its text, and the empty state', () => {
    const status = { isLoading: true, error: null, loadingLabel: 'Loading people…', errorTitle: 'Could not load people' };
    const { rerender } = renderTable({ rows: undefined, status, empty: <p>Nobody yet</p> });
    expect(screen.getByRole('status')).toHaveTextContent('Loading people…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const failed = { ...status, isLoading: false, error: DATABASE_DOWN };
    rerender(<DataTable columns={COLUMNS} rows={undefined} rowKey={(p) => p.id} status={failed} empty={<p>Nobody yet</p>} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load people');
    expect(alert).toHaveTextContent('Database is down');

    const loaded = { ...status, isLoading: false };
    rerender(<DataTable columns={COLUMNS} rows={[]} rowKey={(p) => p.id} status={loaded} empty={<p>Nobody yet</p>} />);
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('gives the spinner and the empty state a card of their own when the table stands on the page', () => {
    const status = { isLoading: true, error: null, loadingLabel: 'Loading people…', errorTitle: 'Could not load people' };
    const { rerender } = renderTable({ rows: undefined, status, standalone: true });
    expect(screen.getByRole('status').parentElement?.parentElement).toHaveClass('border', 'bg-white');
    rerender(
      <DataTable standalone columns={COLUMNS} rows={[]} rowKey={(p) => p.id} status={{ ...status, isLoading: false }} empty={<p>Nobody yet</p>} />,
    );
    expect(screen.getByText('Nobody yet').parentElement).toHaveClass('border', 'bg-white');
  });

  it('marks the rows busy while the next page or search loads', () => {
    renderTable({ stale: true });
    expect(screen.getByRole('table').parentElement?.parentElement).toHaveAttribute('aria-busy', 'true');
  });

  it('reports sorting to the caller and shows the sort it is given (server-side sorting)', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn<(sort: DataTableSort) => void>();
    const { rerender } = renderTable({ sort: null, onSortChange });
    // jsdom applies no media queries: the header holds the phones' plain name and the wide screens' button.
    const [name, city] = screen.getAllByRole('columnheader');
    expect(city).toHaveAttribute('aria-sort', 'none');
    expect(name).not.toHaveAttribute('aria-sort');
    expect(within(name).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(city).getByRole('button', { name: 'City' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'city', direction: 'asc' });
    // Controlled: nothing changes until the caller passes the new sort.
    expect(city).toHaveAttribute('aria-sort', 'none');

    rerender(
      <DataTable columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} sort={{ column: 'city', direction: 'asc' }} onSortChange={onSortChange} />,
    );
    expect(screen.getAllByRole('columnheader')[1]).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'City' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'city', direction: 'desc' });
  });

  it('offers the sortable columns in a select on phones, where the header row is hidden', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn<(sort: DataTableSort) => void>();
    renderTable({ sort: { column: 'city', direction: 'asc' }, onSortChange });
    const select = screen.getByLabelText('Sort by');
    expect(select.closest('div')).toHaveClass('md:hidden');
    expect(select).toHaveValue('city:asc');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'City, ascending',
      'City, descending',
    ]);
    await user.selectOptions(select, 'City, descending');
    expect(onSortChange).toHaveBeenCalledWith({ column: 'city', direction: 'desc' });
  });

  it('has no sort controls when the caller does not sort', () => {
    renderTable();
    expect(screen.queryByLabelText('Sort by')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'City' })).not.toBeInTheDocument();
  });

  it('pages under the caller\'s control: range of the total, previous and next', async () => {
    const user = userEvent.setup();
    const pageOf = (page: number) => Array.from({ length: page < 2 ? 20 : 5 }, (_, i) => ({ ...PEOPLE[0], id: page * 20 + i }));
    function Paged() {
      const [page, setPage] = useState(0);
      return (
        <DataTable
          columns={COLUMNS}
          rows={pageOf(page)}
          rowKey={(p) => p.id}
          rowTestId="person-row"
          pagination={{ page, pageSize: 20, total: 45, onPageChange: setPage, label: 'Pages of people' }}
        />
      );
    }
    render(<Paged />);
    const nav = screen.getByRole('navigation', { name: 'Pages of people' });
    expect(within(nav).getByText('1–20 of 45')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(within(nav).getByText('21–40 of 45')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(within(nav).getByText('41–45 of 45')).toBeInTheDocument();
    expect(screen.getAllByTestId('person-row')).toHaveLength(5);
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(within(nav).getByText('21–40 of 45')).toBeInTheDocument();
  });

  it('offers page numbers: the first, the last and the neighbours of the current page, keyboard-usable', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn<(page: number) => void>();
    renderTable({ pagination: { page: 4, pageSize: 2, total: 20, onPageChange, label: 'Pages of people' } });
    const nav = screen.getByRole('navigation', { name: 'Pages of people' });
    const pages = within(nav).getAllByRole('button', { name: /^Page / });
    expect(pages.map((button) => button.textContent)).toEqual(['1', '4', '5', '6', '10']);
    expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    within(nav).getByRole('button', { name: 'Page 10' }).focus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(9);
    await user.click(within(nav).getByRole('button', { name: 'Page 1' }));
    expect(onPageChange).toHaveBeenLastCalledWith(0);
  });

  it('windows long page lists with gaps', () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 247)).toEqual([0, 1, null, 246]);
    expect(pageWindow(120, 247)).toEqual([0, null, 119, 120, 121, null, 246]);
    expect(pageWindow(2, 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('writes the range in the reader\'s number format (1–50 of 12 345)', async () => {
    await i18n.changeLanguage('et');
    const rows = Array.from({ length: 50 }, (_, i) => ({ ...PEOPLE[0], id: i }));
    renderTable({ rows, pagination: { page: 0, pageSize: 50, total: 12345, onPageChange: vi.fn(), label: 'Lehed' } });
    const nav = screen.getByRole('navigation', { name: 'Lehed' });
    expect(within(nav).getByText('1–50 / 12 345')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Lehekülg 247' })).toHaveTextContent('247');
  });

  it('has a search box and a filter slot that stay while the rows load, fail or are none', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(text: string) => void>();
    const search = { value: 'Ta', onChange, label: 'Search people', placeholder: 'Name or city' };
    const filters = <label>Status<select /></label>;
    const status = { isLoading: true, error: null, loadingLabel: 'Loading people…', errorTitle: 'Could not load people' };
    const { rerender } = renderTable({ rows: undefined, status, search, filters });
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveValue('Ta');
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', 'Name or city');
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'r');
    expect(onChange).toHaveBeenLastCalledWith('Tar');

    const failed = { ...status, isLoading: false, error: DATABASE_DOWN };
    rerender(<DataTable columns={COLUMNS} rows={undefined} rowKey={(p) => p.id} status={failed} search={search} filters={filters} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Database is down');
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toBeInTheDocument();

    rerender(
      <DataTable columns={COLUMNS} rows={[]} rowKey={(p) => p.id} empty={<p>Nobody matches</p>} search={search} filters={filters} />,
    );
    expect(screen.getByText('Nobody matches')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
  });

  it('offers the first page when a shared link points past the last one', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn<(page: number) => void>();
    renderTable({ rows: [], empty: <p>Nobody yet</p>, pagination: { page: 9, pageSize: 20, total: 45, onPageChange, label: 'Pages' } });
    expect(screen.queryByText('Nobody yet')).not.toBeInTheDocument();
    expect(screen.getByText('This page has no rows: the list is shorter now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(onPageChange).toHaveBeenCalledWith(0);
  });
});
