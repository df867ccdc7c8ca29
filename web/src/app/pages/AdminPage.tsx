import { useQuery } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SkeletonCard, SkeletonRegion } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AdminApplicationsTab } from '@/features/admin-applications';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useTabParam } from '@/hooks/use-tab-param';
import { apiGetPage } from '@/lib/api-client';

// The other tabs' code (contract signing, date pickers, uploads) downloads when the tab is opened (issue 18).
const AdminDocumentsTab = lazy(() => import('@/features/documents').then((m) => ({ default: m.AdminDocumentsTab })));
const AdminContractsTab = lazy(() => import('@/features/contracts').then((m) => ({ default: m.AdminContractsTab })));
const PayrollTab = lazy(() => import('@/features/payroll').then((m) => ({ default: m.PayrollTab })));
const ComplianceTab = lazy(() => import('@/features/compliance').then((m) => ({ default: m.ComplianceTab })));
const MessagesTab = lazy(() => import('@/features/messages').then((m) => ({ default: m.MessagesTab })));
const EmailsTab = lazy(() => import('@/features/emails/components/EmailsTab').then((m) => ({ default: m.EmailsTab })));
const AdminsTab = lazy(() => import('@/features/admins').then((m) => ({ default: m.AdminsTab })));
const ActivityTab = lazy(() => import('@/features/audit').then((m) => ({ default: m.ActivityTab })));
const ErasureRequestsTab = lazy(() => import('@/features/erasure').then((m) => ({ default: m.ErasureRequestsTab })));

/** A tab whose code is still on its way shows the shape of a list. */
function LazyTab({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <SkeletonRegion className="mt-6">
          <SkeletonCard lines={6} />
        </SkeletonRegion>
      }
    >
      {children}
    </Suspense>
  );
}

export const ADMIN_TABS = ['applications', 'documents', 'contracts', 'payroll', 'compliance', 'messages', 'emails', 'admins', 'activity', 'erasure'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/**
 * The overview's counts (issue 17): each is the X-Total-Count of its list filtered by status, and opens that
 * list. The URLs start like the lists' own, so the features' invalidation after a change refreshes them.
 */
export const OVERVIEW_COUNTS = [
  { id: 'pendingApplications', api: '/api/admin/applications?status=pending&limit=1', link: '/admin?status=pending' },
  { id: 'applicationsInReview', api: '/api/admin/applications?status=in_review&limit=1', link: '/admin?status=in_review' },
  { id: 'pendingDocuments', api: '/api/admin/documents?status=pending&limit=1', link: '/admin?tab=documents&status=pending' },
  {
    id: 'overdueRequests',
    api: '/api/admin/document-requests?status=overdue&limit=1',
    link: '/admin?tab=documents&view=requests&status=overdue',
  },
  { id: 'awaitingContracts', api: '/api/admin/contracts?status=awaiting&limit=1', link: '/admin?tab=contracts&status=awaiting' },
  { id: 'unreadMessages', api: '/api/admin/messages?status=unread&limit=1', link: '/admin?tab=messages&status=unread' },
  { id: 'failedEmails', api: '/api/admin/emails?status=failed&limit=1', link: '/admin?tab=emails&status=failed' },
  // Issue 36: board members still on the register after the shareholders' removal deadline.
  {
    id: 'removalOverdue',
    api: '/api/admin/applications?status=removal_overdue&limit=1',
    link: '/admin?status=removal_overdue',
  },
] as const;

type OverviewCount = (typeof OVERVIEW_COUNTS)[number];

function AdminOverview() {
  const { t } = useTranslation('admin');
  return (
    <section aria-labelledby="admin-overview-title" className="mt-8">
      <h2 id="admin-overview-title" className="sr-only">
        {t('overview.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        {OVERVIEW_COUNTS.map((count) => (
          <li key={count.id} className="flex">
            <OverviewTile count={count} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function OverviewTile({ count }: { count: OverviewCount }) {
  const { t, i18n } = useTranslation('admin');
  const total = useQuery({
    queryKey: [count.api],
    queryFn: async ({ signal }) => (await apiGetPage<unknown>(count.api, signal)).total,
  });
  const label = t(`overview.${count.id}`);
  return (
    <Link
      to={count.link}
      data-testid="overview-tile"
      className="flex w-full flex-col justify-between gap-2 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-primary-200 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
    >
      <span className="text-2xl font-bold tabular-nums text-slate-900">
        {total.isPending ? (
          <Spinner label={t('overview.loading')} className="[&_svg]:h-5 [&_svg]:w-5" />
        ) : total.error ? (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-danger-700">
            <AlertCircle className="h-4 w-4" aria-hidden="true" />
            {t('overview.failed')}
          </span>
        ) : (
          new Intl.NumberFormat(i18n.language).format(total.data)
        )}
      </span>
      {/* Estonian compounds can be wider than an eighth of 1280 px: the locale marks where they break (&shy;). */}
      <span className="break-words text-sm leading-snug text-slate-600">{label}</span>
    </Link>
  );
}

/** The admin panel (spec §2): title, subtitle and the tabs (issue 14 adds E-mails). */
export function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentMeta(t('meta.title'));
  const [tab, setTab] = useTabParam(ADMIN_TABS);

  return (
    // Wider than the other pages (issue 37): the admin tables need the room at 1366 px.
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <p className="mt-2 text-slate-600">{t('subtitle')}</p>
      <AdminOverview />
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList aria-label={t('tabsLabel')} className="grid grid-cols-2 sm:flex">
          {ADMIN_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="applications" label={t('tabs.applications')}>
          <AdminApplicationsTab />
        </TabsContent>
        <TabsContent value="documents" label={t('tabs.documents')}>
          <LazyTab>
            <AdminDocumentsTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="contracts" label={t('tabs.contracts')}>
          <LazyTab>
            <AdminContractsTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="payroll" label={t('tabs.payroll')}>
          <LazyTab>
            <PayrollTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="compliance" label={t('tabs.compliance')}>
          <LazyTab>
            <ComplianceTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="messages" label={t('tabs.messages')}>
          <LazyTab>
            <MessagesTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="emails" label={t('tabs.emails')}>
          <LazyTab>
            <EmailsTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="admins" label={t('tabs.admins')}>
          <LazyTab>
            <AdminsTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="activity" label={t('tabs.activity')}>
          <LazyTab>
            <ActivityTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="erasure" label={t('tabs.erasure')}>
          <LazyTab>
            <ErasureRequestsTab />
          </LazyTab>
        </TabsContent>
      </Tabs>
    </div>
  );
}
