import { screen } from '@testing-library/react';
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
