import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarDate } from '@/lib/dates';
import { DayPickerCalendar } from './day-picker';

/* 16 April 2025, 00:30 in Tallinn (summer time, UTC+3), while it is still the 15th in UTC. */
const NOW = new Date('2025-04-15T21:30:00Z');
const TODAY: CalendarDate = { year: 2025, month: 4, day: 16 };
const LABELS = { previousMonth: 'Previous month', nextMonth: 'Next month' };

function renderCalendar(language: string, selected: CalendarDate | null = null) {
  const onSelect = vi.fn<(date: CalendarDate) => void>();
  render(<DayPickerCalendar autoFocus selected={selected} min={TODAY} language={language} labels={LABELS} onSelect={onSelect} />);
  return { onSelect, grid: screen.getByRole('grid') };
}

function dayButton(grid: HTMLElement, day: number) {
  const button = within(grid)
    .getAllByRole('button')
    .find((candidate) => candidate.textContent === String(day));
  if (!button) throw new Error(`no day ${day} in the grid`);
  return button;
}

describe('day picker (spec §2 admin Documents: single-date calendar)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });

  it('speaks Estonian when the UI is Estonian: month, weekdays from Monday, day names', () => {
    const { grid } = renderCalendar('et');
    expect(screen.getByText('aprill 2025')).toBeInTheDocument();
    expect(grid.closest('[lang]')).toHaveAttribute('lang', 'et');
    const weekdays = within(grid).getAllByRole('columnheader', { hidden: true }).map((header) => header.getAttribute('aria-label'));
    expect(weekdays).toEqual(['esmaspäev', 'teisipäev', 'kolmapäev', 'neljapäev', 'reede', 'laupäev', 'pühapäev']);
    expect(dayButton(grid, 20)).toHaveAccessibleName(/20\. aprill 2025/);
  });

  it('speaks English otherwise, weeks also from Monday', () => {
    const { grid } = renderCalendar('en-US');
    expect(screen.getByText('April 2025')).toBeInTheDocument();
    expect(within(grid).getAllByRole('columnheader', { hidden: true })[0]).toHaveAttribute('aria-label', 'Monday');
    expect(dayButton(grid, 20)).toHaveAccessibleName('Sunday, 20 April 2025');
  });

  it("counts today in Tallinn: the 15th is past and disabled, the 16th is today and can be picked", async () => {
    const user = userEvent.setup();
    const { grid, onSelect } = renderCalendar('en');
    expect(dayButton(grid, 15)).toBeDisabled();
    expect(dayButton(grid, 16)).toBeEnabled();
    expect(dayButton(grid, 16)).toHaveAccessibleName(/^Today, Wednesday, 16 April 2025/);
    await user.click(dayButton(grid, 15));
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(dayButton(grid, 16));
    expect(onSelect).toHaveBeenCalledWith(TODAY);
  });

  it('is driven by the keyboard: focus starts on today, arrows and Page Down move, Enter picks', async () => {
    const user = userEvent.setup();
    const { grid, onSelect } = renderCalendar('en');
    expect(dayButton(grid, 16)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(dayButton(grid, 24)).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(screen.getByText('May 2025')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ year: 2025, month: 5, day: 24 });
  });

  it('opens on the selected month, marks the selected day and moves by the named month buttons', async () => {
    const user = userEvent.setup();
    const { grid } = renderCalendar('en', { year: 2025, month: 6, day: 3 });
    expect(screen.getByText('June 2025')).toBeInTheDocument();
    expect(dayButton(grid, 3).closest('[role="gridcell"]')).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('July 2025')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByText('May 2025')).toBeInTheDocument();
  });
});
