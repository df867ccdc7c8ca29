import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { RenderErrorBoundary } from '@/components/ui/error-boundary';
import { SkeletonCard, SkeletonRegion } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApplicationTab } from '@/features/dashboard/components/ApplicationTab';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useTabParam } from '@/hooks/use-tab-param';
import { useUser } from '@/lib/auth/get-user';

// The other tabs' code (uploads, signing, the profile form) downloads when the tab is opened (issue 18).
const DocumentsTab = lazy(() => import('@/features/documents').then((m) => ({ default: m.DocumentsTab })));
const ContractsTab = lazy(() => import('@/features/contracts').then((m) => ({ default: m.ContractsTab })));
const PaymentsTab = lazy(() => import('@/features/payments').then((m) => ({ default: m.PaymentsTab })));
const ProfileTab = lazy(() => import('./ProfilePane').then((m) => ({ default: m.ProfilePane })));
const StaffAccountPane = lazy(() => import('./StaffAccountPane').then((m) => ({ default: m.StaffAccountPane })));
const EmailPreferencesCard = lazy(() =>
  import('@/features/emails/components/EmailPreferencesCard').then((m) => ({ default: m.EmailPreferencesCard })),
);

/** The profile tab: the profile, then the account's e-mail preferences (issue 14). */
function ProfilePanel() {
  return (
    <div className="grid gap-6">
      <ProfileTab />
      <EmailPreferencesCard />
    </div>
  );
}

/** A tab whose code is still on its way. */
function TabSkeleton() {
  return (
    <SkeletonRegion className="grid gap-6">
      <SkeletonCard lines={3} />
    </SkeletonRegion>
  );
}

const TABS = [
  { value: 'application', Content: ApplicationTab },
  { value: 'documents', Content: DocumentsTab },
  { value: 'contracts', Content: ContractsTab },
  { value: 'payments', Content: PaymentsTab },
  { value: 'profile', Content: ProfilePanel },
] as const;

/** ?tab= names the open tab, so an e-mail's link (/dashboard?tab=documents) opens it (issue 14). */
const DASHBOARD_TABS = ['application', 'documents', 'contracts', 'payments', 'profile'] as const;

/**
 * An admin's own dashboard (issue 37): an admin has no application (the applications service answers 404 to
 * theirs), so instead of 'Could not load application' it shows where their work is and their account.
 */
function StaffDashboard({ fullName }: { fullName: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('welcome', { fullName })}</h1>
      <p className="mt-2 max-w-prose text-slate-600">{t('staff.intro')}</p>
      <Button asChild className="mt-5">
        <Link to="/admin">
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          {t('staff.toAdmin')}
        </Link>
      </Button>
      <div className="mt-8">
        <RenderErrorBoundary what={t('tabs.profile')}>
          <Suspense fallback={<TabSkeleton />}>
            <StaffAccountPane />
          </Suspense>
        </RenderErrorBoundary>
      </div>
    </div>
  );
}

/**
 * The applicant dashboard (spec §2): welcome line and five tabs (issue 23 adds Payments), the application tab first.
 * An admin who opens it (spec §6: "via /dashboard only if navigated") sees their staff account instead.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useUser();
  useDocumentMeta(t('meta.title'));
  const [tab, setTab] = useTabParam(DASHBOARD_TABS);

  if (user?.role === 'admin') return <StaffDashboard fullName={user.fullName} />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('welcome', { fullName: user?.fullName ?? '' })}
      </h1>
      <p className="mt-2 text-slate-600">{t('intro')}</p>
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        {/* Two rows of two on phones, so no tab hides off-screen. */}
        <TabsList aria-label={t('tabsLabel')} className="grid grid-cols-2 sm:flex">
          {TABS.map(({ value }) => (
            <TabsTrigger key={value} value={value}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Content }) => (
          <TabsContent key={value} value={value} label={t(`tabs.${value}`)}>
            <Suspense fallback={<TabSkeleton />}>
              <Content />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
