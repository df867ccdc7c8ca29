import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadPanel = () => import('./MobileDrawerPanel');
// Asked for ahead of the press; a failure here is met again, and shown, when the press renders the panel.
const prefetchPanel = () => void loadPanel().catch(() => undefined);
const MobileDrawerPanel = lazy(() => loadPanel().then((module) => ({ default: module.MobileDrawerPanel })));

/**
 * The menu button for small screens and its side drawer mirroring the header items (spec §2). The drawer and the
 * dialog code under it (about 12 KB gzipped) load when the button is pointed at, focused or pressed, not with the
 * landing page (issue 18 "First load").
 */
export function MobileDrawer({ onLogout, logoutPending }: { onLogout: () => void; logoutPending: boolean }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetchPanel}
        onFocus={prefetchPanel}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Menu className="h-6 w-6" aria-hidden="true" />
      </button>
      {asked && (
        <Suspense fallback={null}>
          <MobileDrawerPanel
            open={open}
            onOpenChange={setOpen}
            opener={opener}
            onLogout={onLogout}
            logoutPending={logoutPending}
          />
        </Suspense>
      )}
    </>
  );
}
