import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { DateField } from './date-field';
import { formatDateText, parseDateText } from './date-text';

describe('date text (issue 18: dd.mm.yyyy, not the browser\'s mm/dd/yyyy)', () => {
  it('shows a day as dd.mm.yyyy in Estonian and dd/mm/yyyy in English', () => {
    expect(formatDateText({ year: 1976, month: 5, day: 3 }, 'et')).toBe('03.05.1976');
    expect(formatDateText({ year: 1976, month: 5, day: 3 }, 'en')).toBe('03/05/1976');
  });

  it('reads a typed day.month.year as the ISO date, day first', () => {
    expect(parseDateText('03.05.1976')).toBe('1976-05-03');
    expect(parseDateText(' 3.5.1976 ')).toBe('1976-05-03');
    expect(parseDateText('03/05/1976')).toBe('1976-05-03');
    expect(parseDateText('1976-05-03')).toBe('1976-05-03'); // pasted ISO dates stay as they are
  });

  it('reads nothing that is not a real calendar day', () => {
    for (const text of ['', '03.05.76', '31.04.1976', '29.02.2023', '05.13.1976', 'eile']) expect(parseDateText(text)).toBe('');
    expect(parseDateText('29.02.2024')).toBe('2024-02-29');
  });
});

const LABELS = { placeholder: 'pp.kk.aaaa', openCalendar: 'Ava kalender', previousMonth: 'Eelmine kuu', nextMonth: 'Järgmine kuu' };

function Field({ initial = '', onIso }: { initial?: string; onIso: (iso: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="dob">Sünnikuupäev</label>
      <DateField
        id="dob"
        value={value}
        onChange={(iso) => {
          setValue(iso);
          onIso(iso);
        }}
        language="et"
        labels={LABELS}
        max={{ year: 2025, month: 6, day: 15 }}
        fromYear={1970}
      />
    </>
  );
}

describe('DateField', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-15T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('is typed from the keyboard as dd.mm.yyyy and gives the form the ISO date', async () => {
    const user = userEvent.setup();
    const onIso = vi.fn();
    render(<Field onIso={onIso} />);
    const input = screen.getByLabelText('Sünnikuupäev');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('placeholder', 'pp.kk.aaaa');
    await user.type(input, '03.05.1976');
    expect(input).toHaveValue('03.05.1976');
    expect(onIso).toHaveBeenLastCalledWith('1976-05-03');
    await user.type(input, '{Backspace}');
    expect(onIso).toHaveBeenLastCalledWith(''); // not a date yet: the form's own rule answers
  }, 20_000);

  it('shows a given ISO date as dd.mm.yyyy', () => {
    render(<Field initial="1976-05-03" onIso={vi.fn()} />);
    expect(screen.getByLabelText('Sünnikuupäev')).toHaveValue('03.05.1976');
  });

  it('picks a day in an Estonian calendar, with month and year lists for far-off years', async () => {
    const user = userEvent.setup();
    const onIso = vi.fn();
    render(<Field initial="1976-05-03" onIso={onIso} />);
    await user.click(screen.getByRole('button', { name: 'Ava kalender' }));
    const grid = await screen.findByRole('grid');
    expect(grid).toHaveAccessibleName(/mai 1976/i);
    // The year list is a native select, shown under its label.
    expect(screen.getByDisplayValue('1976')).toBeInstanceOf(HTMLSelectElement);
    await user.click(within(grid).getByText('15'));
    expect(screen.getByLabelText('Sünnikuupäev')).toHaveValue('15.05.1976');
    expect(onIso).toHaveBeenLastCalledWith('1976-05-15');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  }, 20_000);
});

describe('DateField as the one date control (issue 37)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-15T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  function Optional({ initial = '', onIso }: { initial?: string; onIso: (iso: string) => void }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <label htmlFor="expiry">Aegumiskuupäev</label>
        <DateField
          id="expiry"
          value={value}
          onChange={(iso) => {
            setValue(iso);
            onIso(iso);
          }}
          min={{ year: 2025, month: 6, day: 15 }}
          invalidValue="invalid"
        />
        <button type="button" onClick={() => setValue('')}>
          reset
        </button>
      </>
    );
  }

  it("speaks the page's language without being told: dd.mm.yyyy and an Estonian calendar button", async () => {
    await i18n.changeLanguage('et');
    render(<Optional onIso={vi.fn()} />);
    expect(screen.getByLabelText('Aegumiskuupäev')).toHaveAttribute('placeholder', 'pp.kk.aaaa');
    expect(screen.getByRole('button', { name: 'Vali kuupäev kalendrist' })).toBeInTheDocument();
  });

  it('gives an optional date its invalid value for a text that is not a date, and the ISO date otherwise', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onIso = vi.fn();
    render(<Optional onIso={onIso} />);
    const input = screen.getByLabelText('Aegumiskuupäev');
    await user.type(input, '31/02/2026');
    expect(onIso).toHaveBeenLastCalledWith('invalid');
    await user.clear(input);
    expect(onIso).toHaveBeenLastCalledWith('');
    await user.type(input, '15/03/2026');
    expect(onIso).toHaveBeenLastCalledWith('2026-03-15');
  }, 20_000);

  it("does not offer days before its first in the calendar, and shows a value the form resets", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Optional initial="2025-06-20" onIso={vi.fn()} />);
    expect(screen.getByLabelText('Aegumiskuupäev')).toHaveValue('20/06/2025');
    await user.click(screen.getByRole('button', { name: 'Choose the date in a calendar' }));
    const grid = await screen.findByRole('grid');
    expect(within(grid).getByText('14').closest('button')).toBeDisabled();
    expect(within(grid).getByText('16').closest('button')).toBeEnabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByLabelText('Aegumiskuupäev')).toHaveValue('');
  }, 20_000);
});
