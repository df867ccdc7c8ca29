import { COMPANY } from './company';

/**
 * The company's social media pages, linked from the footer (spec §2 "social icon links"). Each is the company's
 * address (COMPANY.social) unless the build sets another (VITE_SOCIAL_FACEBOOK_URL, VITE_SOCIAL_LINKEDIN_URL,
 * VITE_SOCIAL_INSTAGRAM_URL). A setting left empty (the image's build arguments default to '') keeps the company's
 * address; one that is not an https address (e.g. 'none') hides that network. Issue 37: the footer had no social
 * links at all unless the build named them.
 */
export const SOCIAL_NETWORKS = ['Facebook', 'LinkedIn', 'Instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const SETTINGS: Record<SocialNetwork, string> = {
  Facebook: 'VITE_SOCIAL_FACEBOOK_URL',
  LinkedIn: 'VITE_SOCIAL_LINKEDIN_URL',
  Instagram: 'VITE_SOCIAL_INSTAGRAM_URL',
};

export function socialLinks(env: Record<string, unknown> = import.meta.env): { network: SocialNetwork; href: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const setting = env[SETTINGS[network]];
    const given = typeof setting === 'string' ? setting.trim() : '';
    const href = given === '' ? COMPANY.social[network] : given;
    return /^https:\/\/[^\s]+$/.test(href) ? [{ network, href }] : [];
  });
}
