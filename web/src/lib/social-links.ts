/**
 * The company's social media pages, from the build's settings (issue 18: the footer linked to the sites' bare
 * home pages): VITE_SOCIAL_FACEBOOK_URL, VITE_SOCIAL_LINKEDIN_URL and VITE_SOCIAL_INSTAGRAM_URL. One not set
 * (or not an https address) is not shown.
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
    const href = env[SETTINGS[network]];
    return typeof href === 'string' && /^https:\/\/[^\s]+$/.test(href.trim()) ? [{ network, href: href.trim() }] : [];
  });
}
