import { describe, expect, it } from 'vitest';
import { socialLinks } from './social-links';

describe('social links (issue 18: settings, hidden when not set)', () => {
  it('keeps the networks whose https address is set, in a fixed order', () => {
    expect(
      socialLinks({
        VITE_SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/shelfboard ',
        VITE_SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/shelfboard',
      }),
    ).toEqual([
      { network: 'Facebook', href: 'https://www.facebook.com/shelfboard' },
      { network: 'Instagram', href: 'https://www.instagram.com/shelfboard' },
    ]);
  });

  it('leaves out empty, non-https and script addresses', () => {
    expect(
      socialLinks({
        VITE_SOCIAL_FACEBOOK_URL: '',
        VITE_SOCIAL_LINKEDIN_URL: 'javascript:alert(1)',
        VITE_SOCIAL_INSTAGRAM_URL: 'http://www.instagram.com/shelfboard',
      }),
    ).toEqual([]);
  });
});
