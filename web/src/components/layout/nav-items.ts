import { useLocation } from 'react-router-dom';
import { useUser } from '@/lib/auth/get-user';

/** Landing-page sections linked from the header (spec §2). */
export const SECTION_ANCHORS = [
  { id: 'how-it-works', labelKey: 'nav.howItWorks' },
  { id: 'benefits', labelKey: 'nav.benefits' },
  { id: 'faq', labelKey: 'nav.faq' },
  { id: 'contact', labelKey: 'nav.contact' },
] as const;

/** Which header items show, shared by the header bar and the mobile drawer so they always agree. */
export function useHeaderItems() {
  const { user } = useUser();
  const { pathname } = useLocation();
  return {
    user,
    showAnchors: !user && pathname === '/',
    showLogin: !user && pathname !== '/auth',
    showHome: !user && pathname === '/auth',
    showDashboard: Boolean(user),
    showAdmin: user?.role === 'admin',
    /** The admin dashboard is wider than the other pages (its tables need the room): the header lines up with it. */
    wide: pathname === '/admin',
  };
}
