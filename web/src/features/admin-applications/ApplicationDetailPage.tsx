import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApplicationStatusBadge } from '@/components/ui/application-status-badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-message';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { formatDate } from '@/lib/dates';
import type { ApplicationDetail } from '@/types/api';
import { useApplicationDetail } from './api/get-application';
import { ApplicantCard } from './components/ApplicantCard';
import { AssigneeControl } from './components/AssigneeControl';
import { CompanyCard } from './components/CompanyCard';
import { LiabilityAcknowledgementCard } from './components/LiabilityAcknowledgementCard';
import { MandateCard } from './components/MandateCard';
import { OtherApplicationsCard } from './components/OtherApplicationsCard';
import { RejectDialog } from './components/RejectDialog';
import { StatusHistoryCard } from './components/StatusHistoryCard';
import { UpdateStatusCard } from './components/UpdateStatusCard';

function BackToList() {
  const { t } = useTranslation('applications');
  return (
    <Button asChild variant="ghost" className="-ml-3 self-start">
      <Link to="/admin">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('detail.back')}
      </Link>
    </Button>
  );
}

/** The applicant's name: the account's, the profile's, else the username ('' when there is none). */
function applicantName(application: ApplicationDetail): string {
  return application.user.fullName || application.profile.fullName || application.user.username || '';
}

/** Whose file the detail page shows, for what other features show of it (issue 17, the applicant's whole file). */
export interface ApplicationSubject {
  userId: number;
  applicationId: number;
  email: string | null;
  /** The applicant's name as the page heading shows it, for what is said about them (a request's confirmation). */
  name: string;
}

interface ApplicationDetailPageProps {
  /** Rendered below the application's own cards once it has loaded: the rest of the applicant's file. */
  renderRelated?: (subject: ApplicationSubject) => ReactNode;
}

/** /admin/applications/{id} (spec §2 Application detail). The route guarantees a numeric id. */
export function ApplicationDetailPage({ renderRelated }: ApplicationDetailPageProps = {}) {
  const { t, i18n } = useTranslation('applications');
  const id = useParams().id ?? '';
  const { data, isPending, isError } = useApplicationDetail(id);
  useDocumentMeta(t('detail.title', { id }));

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <BackToList />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('detail.title', { id })}</h1>
            {data && <ApplicationStatusBadge status={data.status} className="px-3 py-1 text-sm" />}
          </div>
          {data && (
            <p className="text-slate-600">
              {applicantName(data) || t('noName')} ·{' '}
              {t('detail.submitted', { date: formatDate(data.createdAt, i18n.language) })}
            </p>
          )}
          {data && <AssigneeControl id={id} application={data} />}
        </div>
        {data && data.status !== 'rejected' && <RejectDialog id={id} />}
      </header>
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t('detail.loading')} />
        </div>
      ) : isError || !data ? (
        <ErrorState title={t('detail.loadError')}>{t('common:errors.unknown')}</ErrorState>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div className="flex min-w-0 flex-col gap-6">
              <ApplicantCard application={data} />
              <CompanyCard id={id} application={data} />
              {data.company && <MandateCard key={data.company.id} id={id} />}
              {data.company && <LiabilityAcknowledgementCard userId={data.userId} />}
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <UpdateStatusCard id={id} current={data.status} company={data.company} />
              <StatusHistoryCard updates={data.statusUpdates} />
              {data.otherApplications.length > 0 && <OtherApplicationsCard applications={data.otherApplications} />}
            </div>
          </div>
          {renderRelated?.({
            userId: data.userId,
            applicationId: data.id,
            email: data.user.email ?? data.profile.email,
            name: applicantName(data),
          })}
        </>
      )}
    </div>
  );
}
