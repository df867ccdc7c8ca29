import { LayoutDashboard, LogIn, LogOut, ShieldCheck, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/lib/auth/logout';
import { cn } from '@/lib/utils';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { MobileDrawer } from './MobileDrawer';
import { SECTION_ANCHORS, useHeaderItems } from './nav-items';

export function Header() {
  const { t } = useTranslation('common');
  const items = useHeaderItems();
  const logout = useLogout();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className={cn('mx-auto flex h-16 items-center justify-between gap-4 px-4 sm:px-6', items.wide ? 'max-w-7xl' : 'max-w-6xl')}>
        <Logo />
        {items.showAnchors && (
          <nav aria-label={t('nav.sections')} className="hidden items-center gap-1 lg:flex">
            {SECTION_ANCHORS.map((anchor) => (
              <a
                key={anchor.id}
                href={`#${anchor.id}`}
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                {t(anchor.labelKey)}
              </a>
            ))}
          </nav>
        )}
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitcher />
          {items.showAdmin && (
            <Button asChild variant="ghost">
              <Link to="/admin">
                <ShieldCheck className="h-4 w-4" aria-hidden="true" />
                {t('nav.adminDashboard')}
              </Link>
            </Button>
          )}
          {items.showDashboard && (
            <Button asChild variant="ghost">
              <Link to="/dashboard">
                <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
                {t('nav.dashboard')}
              </Link>
            </Button>
          )}
          {items.user && (
            <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {t('nav.logout')}
            </Button>
          )}
          {items.showHome && (
            <Button asChild variant="secondary">
              <Link to="/">
                <House className="h-4 w-4" aria-hidden="true" />
                {t('nav.home')}
              </Link>
            </Button>
          )}
          {items.showLogin && (
            <Button asChild>
              <Link to="/auth">
                <LogIn className="h-4 w-4" aria-hidden="true" />
                {t('nav.login')}
              </Link>
            </Button>
          )}
        </div>
        <MobileDrawer onLogout={() => logout.mutate()} logoutPending={logout.isPending} />
      </div>
    </header>
  );
}
