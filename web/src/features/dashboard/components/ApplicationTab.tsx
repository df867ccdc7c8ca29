import { Building2, CalendarDays, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CompanyDetails, PaymentSchedule } from '@/components/applications/CompanyDetails';
import { ApplicationStatusBadge, isApplicationStatus } from '@/components/ui/application-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton, SkeletonCard, SkeletonRegion } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-message';
import { formatDate } from '@/lib/dates';
import { useOwnApplication } from '../api/get-own-application';
import { useOwnPayments } from '../api/get-own-payments';
import { statusHintKey } from '../status-hint';
import { ApplyAgainCard } from './ApplyAgainCard';
import { BoardConsentCard } from './BoardConsentCard';
import { EarlierApplications } from './EarlierApplications';
import { LiabilityNoticeCard } from './LiabilityNoticeCard';
import { MandateCard } from './MandateCard';
import { StatusTimeline } from './StatusTimeline';

/** The tab's layout in grey while the application loads (issue 18: skeletons, not a bare spinner). */
function ApplicationTabSkeleton({ label }: { label: string }) {
  return (
    <SkeletonRegion label={label} className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-7 w-24 rounded-full" />
          </div>
          <Skeleton className="mt-3 h-4 w-1/2" />
          <Skeleton className="mt-5 h-4 w-full" />
        </div>
        <SkeletonCard lines={4} />
      </div>
      <SkeletonCard lines={5} />
    </SkeletonRegion>
  );
}

/** The schedule as payroll has it (issue 23). */
function OwnPaymentSchedule() {
  const { t } = useTranslation('dashboard');
  const payments = useOwnPayments();
  if (payments.isPending) return <Spinner label={t('application.schedule.loading')} />;
  if (payments.isError) return <p className="text-sm text-danger-700">{t('application.schedule.failed')}</p>;
  return <PaymentSchedule payments={payments.data} />;
}

/**
 * The Application tab (spec §2): status, company, payment schedule and the timeline of status updates of the
 * current application; applying again once it is rejected or completed, and the earlier applications (spec §1).
 */
export function ApplicationTab() {
  const { t, i18n } = useTranslation('dashboard');
  const { data, isPending, isError } = useOwnApplication();

  if (isPending) return <ApplicationTabSkeleton label={t('application.loading')} />;
  if (isError || !data?.application) {
    return <ErrorState title={t('application.error.title')}>{t('application.error.text')}</ErrorState>;
  }

  const { application, statusUpdates, company, earlierApplications } = data;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div className="flex flex-col gap-1">
              <CardTitle>{t('application.statusTitle')}</CardTitle>
              <p className="text-sm text-slate-500">
                {t('application.number', { id: application.id })} ·{' '}
                {t('application.submitted', { date: formatDate(application.createdAt, i18n.language) })}
              </p>
            </div>
            <ApplicationStatusBadge status={application.status} className="px-3 py-1 text-sm" />
          </CardHeader>
          {isApplicationStatus(application.status) && (
            <CardContent>
              <p className="leading-relaxed text-slate-700" data-testid="status-hint">
                {t(`application.statusHints.${statusHintKey(application.status, company !== null)}`)}
              </p>
            </CardContent>
          )}
        </Card>

        <ApplyAgainCard status={application.status} />

        {/* Issue 36: the liability notice comes first, before the board member's consent and the mandate. */}
        {company && <LiabilityNoticeCard />}

        {company && <BoardConsentCard applicationId={application.id} company={company.name} />}

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <Building2 className="h-5 w-5 text-primary-500" aria-hidden="true" />
              {t('application.company.title')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {company ? (
              <CompanyDetails company={company} />
            ) : (
              <p className="leading-relaxed text-slate-600">{t('application.company.none')}</p>
            )}
          </CardContent>
        </Card>

        {company && <MandateCard />}

        {company && (
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-lg">
                <CalendarDays className="h-5 w-5 text-primary-500" aria-hidden="true" />
                {t('application.schedule.title')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <OwnPaymentSchedule />
            </CardContent>
          </Card>
        )}
      </div>

      <div className="flex min-w-0 flex-col gap-6 self-start">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <History className="h-5 w-5 text-primary-500" aria-hidden="true" />
              {t('application.timeline.title')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {statusUpdates.length === 0 ? (
              <EmptyState icon={History} className="py-6">
                {t('application.timeline.empty')}
              </EmptyState>
            ) : (
              <StatusTimeline updates={statusUpdates} label={t('application.timeline.title')} emptyText={t('application.timeline.empty')} />
            )}
          </CardContent>
        </Card>
        {earlierApplications.length > 0 && <EarlierApplications applications={earlierApplications} />}
      </div>
    </div>
  );
}
