import { ApplicationDetailPage, type ApplicationSubject } from '@/features/admin-applications';
import { AccessHistoryCard } from '@/features/audit';
import { ApplicantContractsPanel } from '@/features/contracts';
import { ApplicantDocumentsPanel } from '@/features/documents';
import { MessagesFromPanel } from '@/features/messages';

/**
 * /admin/applications/{id}: the applicant's whole file on one page (issue 17). The application, its history,
 * company and payment schedule come from the applications feature; below them every document request and
 * document, every contract and the contact messages sent from the applicant's e-mail address; last, who has
 * viewed or changed the applicant's data (issue 15, Audit log).
 */
export function ApplicationFilePage() {
  return <ApplicationDetailPage renderRelated={(subject) => <RestOfTheFile {...subject} />} />;
}

function RestOfTheFile({ userId, applicationId, email, name }: ApplicationSubject) {
  return (
    <div className="flex flex-col gap-6" data-testid="applicant-file">
      <ApplicantDocumentsPanel userId={userId} applicationId={applicationId} name={name} />
      <ApplicantContractsPanel userId={userId} applicationId={applicationId} />
      <MessagesFromPanel email={email} />
      <AccessHistoryCard userId={userId} />
    </div>
  );
}
