import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
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

/** The applicant dashboard (spec §2): welcome line and five tabs (issue 23 adds Payments), the application tab first. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useUser();
  useDocumentMeta(t('meta.title'));
  const [tab, setTab] = useTabParam(DASHBOARD_TABS);

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
