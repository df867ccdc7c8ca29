import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { Hero } from './Hero';

/** The fact under the heading whose label is `label`: the term (dd) beside its description (dt). */
function fact(label: string) {
  return screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;
}

describe('Hero facts (spec §1, issue 13)', () => {
  it('says the first payment comes within 5 banking days after the company is registered', () => {
    renderWithProviders(<Hero />);
    expect(fact("from the company's registration to your first payment")).toBe('5 banking days');
    expect(fact('gross per month')).toBe('500 €');
    expect(fact('fixed term')).toBe('6 months');
  });

  it('says the same in Estonian', async () => {
    await i18n.changeLanguage('et');
    renderWithProviders(<Hero />);
    expect(fact('ettevõtte registreerimisest esimese makseni')).toBe('5 pangapäeva');
  });
});

describe('the hero on an Estonian phone (issue 37)', () => {
  it('keeps the three figures on one line each, in one row above their labels', async () => {
    await i18n.changeLanguage('et');
    renderWithProviders(<Hero />);
    const facts = screen.getByTestId('hero-facts');
    // Two shared rows (subgrid): every figure in the first, every label in the second, whatever wraps.
    expect(facts).toHaveClass('grid-rows-[auto_auto]');
    const cells = [...facts.children];
    expect(cells).toHaveLength(3);
    for (const cell of cells) {
      expect(cell).toHaveClass('row-span-2', 'grid-rows-subgrid');
      expect(cell.querySelector('dd')).toHaveClass('row-start-1', 'whitespace-nowrap');
      expect(cell.querySelector('dt')).toHaveClass('row-start-2');
    }
    expect(within(facts).getByText('5 pangapäeva')).toHaveClass('whitespace-nowrap');
  });

  it("keeps the start button's arrow whole: a button's icons never shrink, and a long call to action wraps on a phone", async () => {
    await i18n.changeLanguage('et');
    renderWithProviders(<Hero />);
    const start = screen.getByRole('link', { name: 'Alusta kohe' });
    expect(start).toHaveClass('[&_svg]:shrink-0', 'whitespace-normal', 'sm:whitespace-nowrap', 'min-h-12');
    expect(start).not.toHaveClass('h-12');
    expect(start.querySelector('svg')).not.toBeNull();
  });
});
