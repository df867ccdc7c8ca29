import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { LandingPage } from './LandingPage';

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('LandingPage (spec §2 landing page, §9 counts)', () => {
  it('sets the document title, description and sharing texts from translations', () => {
    renderWithProviders(<LandingPage />);
    expect(document.title).toBe('Become a board member of an Estonian company | Shelf Board');
    expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute('content', document.title);
    const description = i18n.t('landing:meta.description');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', description);
    expect(document.querySelector('meta[property="og:description"]')).toHaveAttribute('content', description);
  });

  it('renders the sections in order with their anchors', () => {
    const { container } = renderWithProviders(<LandingPage />);
    const sections = [...container.querySelectorAll('section')].filter((el) => el.parentElement?.closest('section') === null);
    const headings = sections.map((el) => el.querySelector('h1, h2')?.textContent);
    expect(headings).toEqual([
      'Earn 500 € a month as a company board member',
      'Trusted by entrepreneurs from',
      'Three steps from application to payment',
      'Why people choose to work with us',
      'What our board members say',
      'Frequently asked questions',
      'Get in touch',
      'Ready to apply?',
    ]);
    expect(sections.map((el) => el.id)).toEqual(['', '', 'how-it-works', 'benefits', 'testimonials', 'faq', 'contact', 'registration']);
  });

  it('hero: start leads to /auth, learn more to #how-it-works, badge, qualifier and the legal card', () => {
    renderWithProviders(<LandingPage />);
    const hero = section('Earn 500 € a month as a company board member');
    expect(within(hero).getByRole('link', { name: 'Start now' })).toHaveAttribute('href', '/auth');
    expect(within(hero).getByRole('link', { name: 'Learn how it works' })).toHaveAttribute('href', '#how-it-works');
    expect(within(hero).getByText('For Estonian residents aged 21+')).toBeInTheDocument();
    expect(within(hero).getByTestId('hero-qualifier')).toHaveTextContent(/at least 21.*legal resident of Estonia.*valid ID.*sign digitally/);
    const card = within(hero).getByTestId('legal-card');
    expect(card).toHaveTextContent('Completely legal');
    expect(card).toHaveTextContent('All processes follow Estonian business regulations');
  });

  it('lists the 5 trusted-by countries', () => {
    renderWithProviders(<LandingPage />);
    const items = within(section('Trusted by entrepreneurs from')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'United Arab Emirates',
      'United Kingdom',
      'Singapore',
      'Germany',
      'Switzerland',
    ]);
  });

  it('explains how it works in 3 numbered steps plus the after-6-months note', () => {
    renderWithProviders(<LandingPage />);
    const how = section('Three steps from application to payment');
    const steps = within(how).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps.map((li) => li.querySelector('span')?.textContent)).toEqual(['1', '2', '3']);
    expect(steps[2]).toHaveTextContent('500 € gross per month');
    expect(steps[2]).toHaveTextContent('within 5 banking days');
    expect(steps[2]).toHaveTextContent('last banking day of each month');
    expect(within(how).getByTestId('after-six-months')).toHaveTextContent(
      'The company is handed over to an international client and your role ends automatically. You are welcome to apply again.',
    );
  });

  it('shows 3 primary benefits with an image and 3 secondary ones', () => {
    renderWithProviders(<LandingPage />);
    const primary = within(screen.getByTestId('benefits-primary')).getAllByRole('listitem');
    expect(primary).toHaveLength(3);
    for (const item of primary) {
      const img = within(item).getByRole('img');
      expect(img.getAttribute('src')).toMatch(/^\/images\/benefit-\w+\.svg$/);
      expect(img).toHaveAccessibleName();
    }
    expect(within(screen.getByTestId('benefits-secondary')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows 2 testimonials, each with a quote, name, place and 5 stars', () => {
    renderWithProviders(<LandingPage />);
    const testimonials = screen.getAllByTestId('testimonial');
    expect(testimonials).toHaveLength(2);
    for (const item of testimonials) {
      expect(within(item).getAllByTestId('star')).toHaveLength(5);
      expect(within(item).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
      expect(item.querySelector('blockquote')?.textContent?.length).toBeGreaterThan(40);
    }
    expect(testimonials[0]).toHaveTextContent('Kadri T.');
    expect(testimonials[0]).toHaveTextContent('Tartu');
    expect(testimonials[1]).toHaveTextContent('Martin K.');
    expect(testimonials[1]).toHaveTextContent('Tallinn');
  });

  it('has 6 FAQ questions in two columns of 3 and a get-in-touch link to #contact', () => {
    renderWithProviders(<LandingPage />);
    const columns = screen.getAllByTestId('faq-column');
    expect(columns).toHaveLength(2);
    expect(columns.map((column) => within(column).getAllByRole('button').length)).toEqual([3, 3]);
    const faq = section('Frequently asked questions');
    expect(within(faq).getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '#contact');
  });

  it('opens at most one FAQ answer at a time and can close it again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingPage />);
    const who = screen.getByRole('button', { name: 'Who can apply?' });
    const legal = screen.getByRole('button', { name: 'Is this legal?' }); // in the other column
    expect(who).toHaveAttribute('aria-expanded', 'false');

    await user.click(who);
    expect(who).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/at least 21 years old, is a legal resident of Estonia/)).toBeVisible();

    await user.click(legal);
    expect(legal).toHaveAttribute('aria-expanded', 'true');
    expect(who).toHaveAttribute('aria-expanded', 'false');
    const expanded = screen.getAllByRole('button').filter((b) => b.getAttribute('aria-expanded') === 'true');
    expect(expanded).toEqual([legal]);

    await user.click(legal);
    expect(legal).toHaveAttribute('aria-expanded', 'false');
  });

  it('has the contact section with details, opening hours and the form', async () => {
    renderWithProviders(<LandingPage />);
    const contact = section('Get in touch');
    // Its code downloads apart from the first screen's (issue 18).
    expect(await within(contact).findByRole('form', { name: 'Contact form' })).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'info@shelfboard.ee' })).toHaveAttribute('href', 'mailto:info@shelfboard.ee');
    expect(within(contact).getByRole('link', { name: '+372 600 1234' })).toHaveAttribute('href', 'tel:+3726001234');
    expect(within(contact).getByText(/Narva mnt 5, 10117 Tallinn/)).toBeInTheDocument();
    expect(within(contact).getByText('Mon–Fri 9:00–17:00')).toBeInTheDocument();
    expect(within(contact).getByText('Closed on weekends')).toBeInTheDocument();
    expect(within(contact).getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  });

  it('ends with the registration call to action', () => {
    renderWithProviders(<LandingPage />);
    const registration = section('Ready to apply?');
    expect(within(registration).getByRole('link', { name: 'Register and apply' })).toHaveAttribute('href', '/auth?tab=register');
  });

  it('reads in Estonian', async () => {
    await i18n.changeLanguage('et');
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Teenige 500 € kuus ettevõtte juhatuse liikmena' })).toBeInTheDocument();
    expect(screen.getByText('Täiesti seaduslik')).toBeInTheDocument();
    expect(screen.getByText('Kõik protsessid järgivad Eesti äriõiguse nõudeid')).toBeInTheDocument();
    expect(document.title).toBe('Hakake Eesti ettevõtte juhatuse liikmeks | Shelf Board');
  });
});
