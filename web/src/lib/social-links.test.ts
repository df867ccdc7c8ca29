import { describe, expect, it } from 'vitest';
import { COMPANY } from './company';
import { socialLinks } from './social-links';

describe("social links (spec §2; issue 37: the company's addresses unless the build names others)", () => {
  it("links the company's pages when the build sets nothing, or sets them empty (the image's default)", () => {
    const defaults = [
      { network: 'Facebook', href: 'https://www.facebook.com/shelfboard' },
      { network: 'LinkedIn', href: 'https://www.linkedin.com/company/shelf-board' },
      { network: 'Instagram', href: 'https://www.instagram.com/shelfboard' },
    ];
    expect(socialLinks({})).toEqual(defaults);
    expect(socialLinks({ VITE_SOCIAL_FACEBOOK_URL: '', VITE_SOCIAL_LINKEDIN_URL: ' ', VITE_SOCIAL_INSTAGRAM_URL: '' })).toEqual(defaults);
    expect(defaults.map(({ network, href }) => [network, href])).toEqual(Object.entries(COMPANY.social));
  });

  it('takes the address a setting gives instead, in a fixed order', () => {
    expect(socialLinks({ VITE_SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/shelfboard.ee ' })).toEqual([
      { network: 'Facebook', href: 'https://www.facebook.com/shelfboard' },
      { network: 'LinkedIn', href: 'https://www.linkedin.com/company/shelf-board' },
      { network: 'Instagram', href: 'https://www.instagram.com/shelfboard.ee' },
    ]);
  });

  it('hides a network whose setting is not an https address (none, http, a script)', () => {
    expect(
      socialLinks({
        VITE_SOCIAL_FACEBOOK_URL: 'none',
        VITE_SOCIAL_LINKEDIN_URL: 'javascript:alert(1)',
        VITE_SOCIAL_INSTAGRAM_URL: 'http://www.instagram.com/shelfboard',
      }),
    ).toEqual([]);
  });
});
