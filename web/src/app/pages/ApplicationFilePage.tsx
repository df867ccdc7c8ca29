import { useTranslation } from 'react-i18next';
import { RenderErrorBoundary } from '@/components/ui/error-boundary';
import { ApplicationDetailPage, type ApplicationSubject } from '@/features/admin-applications';
import { AccessHistoryCard } from '@/features/audit';
import { ApplicantContractsPanel } from '@/features/contracts';
import { ApplicantDocumentsPanel } from '@/features/documents';
import { MessagesFromPanel } from '@/features/messages';

/**
 * /admin/applications/{id}: the applicant's whole file on one page (issue 17). The application, its history,
 * company and payment schedule come from the applications feature; below them every document request and
 * document, every contract and the contact messages sent from the applicant's e-mail address; last, who has
 * viewed or changed the applicant's data (issue 15, Audit log). Each part fails on its own (issue 37): one
 * answer of an unexpected shape leaves the others standing.
 */
export function ApplicationFilePage() {
  return <ApplicationDetailPage renderRelated={(subject) => <RestOfTheFile {...subject} />} />;
}

function RestOfTheFile({ userId, applicationId, email, name }: ApplicationSubject) {
  const { t } = useTranslation(['documents', 'contracts', 'admin', 'audit']);
  return (
    <div className="flex flex-col gap-6" data-testid="applicant-file">
      <RenderErrorBoundary what={t('documents:panel.title')}>
        <ApplicantDocumentsPanel userId={userId} applicationId={applicationId} name={name} />
      </RenderErrorBoundary>
      <RenderErrorBoundary what={t('contracts:panel.title')}>
        <ApplicantContractsPanel userId={userId} applicationId={applicationId} />
      </RenderErrorBoundary>
      <RenderErrorBoundary what={t('admin:messages.panel.title')}>
        <MessagesFromPanel email={email} />
      </RenderErrorBoundary>
      <RenderErrorBoundary what={t('audit:card.title')}>
        <AccessHistoryCard userId={userId} />
      </RenderErrorBoundary>
    </div>
  );
}
