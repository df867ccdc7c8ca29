// @vitest-isolate: draws the landing page as the build does, with its own i18next, from a fresh module graph.
import { prerenderLanding } from './prerender';

describe('prerenderLanding (issue 18 "First load": the landing page drawn at build time)', () => {
  it.each([
    ['et', 'Teenige 500 € kuus ettevõtte juhatuse liikmena', 'Hakake Eesti ettevõtte juhatuse liikmeks | Shelf Board'],
    ['en', 'Earn 500 € a month as a company board member', 'Become a board member of an Estonian company | Shelf Board'],
  ] as const)('draws the whole page in %s, with its title and description', async (language, heading, title) => {
    const page = await prerenderLanding(language);
    expect(page.html).toContain(`>${heading}</h1>`);
    expect(page.title).toBe(title);
    expect(page.description.length).toBeGreaterThan(50);
    for (const section of ['how-it-works', 'benefits', 'faq', 'contact', 'registration']) {
      expect(page.html).toContain(`id="${section}"`);
    }
  });

  it('draws a signed-out header and only the contact form as a placeholder, as the first render in a browser', async () => {
    const { html } = await prerenderLanding('et');
    expect(html).toContain('href="/auth"');
    expect(html.match(/data-testid="skeleton"/g)).toHaveLength(1); // the contact form, loaded near the viewport
  });
});
