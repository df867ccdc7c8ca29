import * as DialogPrimitive from '@radix-ui/react-dialog';
import { House, LayoutDashboard, LogIn, LogOut, ShieldCheck, X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { scrollToSection } from '@/lib/scroll';
import { cn } from '@/lib/utils';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SECTION_ANCHORS, useHeaderItems } from './nav-items';

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';

export interface MobileDrawerPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it when the drawer closes. */
  opener: RefObject<HTMLButtonElement | null>;
  onLogout: () => void;
  logoutPending: boolean;
}

/** The side drawer of MobileDrawer, loaded the first time the menu is asked for (issue 18 "First load"). */
export function MobileDrawerPanel({ open, onOpenChange, opener, onLogout, logoutPending }: MobileDrawerPanelProps) {
  const { t } = useTranslation('common');
  const items = useHeaderItems();
  const close = () => onOpenChange(false);

  const linkItem = (to: string, icon: ReactNode, label: string) => (
    <Link to={to} onClick={close} className={itemClasses}>
      {icon}
      {label}
    </Link>
  );

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault(); // Radix would look for its own trigger
            opener.current?.focus();
          }}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-2 bg-white p-4 shadow-xl',
            'data-[state=open]:animate-slide-in-right',
          )}
        >
          <div className="mb-2 flex items-center justify-between">
            <DialogPrimitive.Title className="text-base font-semibold">{t('nav.menu')}</DialogPrimitive.Title>
            <DialogPrimitive.Close className="rounded-md p-2 hover:bg-slate-100" aria-label={t('nav.closeMenu')}>
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">{t('nav.menuDescription')}</DialogPrimitive.Description>
          <nav aria-label={t('nav.menu')} className="flex flex-col gap-1">
            {items.showAnchors &&
              SECTION_ANCHORS.map((anchor) => (
                <a
                  key={anchor.id}
                  href={`#${anchor.id}`}
                  className={itemClasses}
                  onClick={(event) => {
                    // Scroll after the drawer has closed: its scroll lock would swallow the jump.
                    event.preventDefault();
                    close();
                    scrollToSection(anchor.id, 50);
                  }}
                >
                  {t(anchor.labelKey)}
                </a>
              ))}
            {items.showAdmin && linkItem('/admin', <ShieldCheck className="h-5 w-5" aria-hidden="true" />, t('nav.adminDashboard'))}
            {items.showDashboard &&
              linkItem('/dashboard', <LayoutDashboard className="h-5 w-5" aria-hidden="true" />, t('nav.dashboard'))}
            {items.showHome && linkItem('/', <House className="h-5 w-5" aria-hidden="true" />, t('nav.home'))}
            {items.showLogin && linkItem('/auth', <LogIn className="h-5 w-5" aria-hidden="true" />, t('nav.login'))}
            {items.user && (
              <button
                type="button"
                className={itemClasses}
                disabled={logoutPending}
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                <LogOut className="h-5 w-5" aria-hidden="true" />
                {t('nav.logout')}
              </button>
            )}
          </nav>
          <div className="mt-auto border-t border-slate-200 pt-4">
            <LanguageSwitcher />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
