import { FileText, Inbox } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-message';
import { useAdminDocumentRequestsPage } from '../api/get-admin-document-requests';
import { useAdminDocumentsPage } from '../api/get-admin-documents';
import { groupRequestsByApplication } from '../rules';
import type { AdminDocumentSort, AdminRequestSort } from '../types';
import { AdminDocumentsTable } from './AdminDocumentsTable';
import { AdminRequestsTable } from './AdminRequestsTable';
import { RequestDocumentDialog } from './RequestDocumentDialog';

/** The API's largest page: an applicant's documents are bounded by the upload quota, well below it. */
const ONE_APPLICANTS_LIMIT = 200;

/** One applicant's whole list, newest first. */
function applicantQuery(userId: number, sort: AdminDocumentSort | AdminRequestSort): URLSearchParams {
  return new URLSearchParams({ userId: String(userId), sort, order: 'desc', limit: String(ONE_APPLICANTS_LIMIT) });
}

interface Props {
  userId: number;
  /** The application the file page shows: a document requested here is about it. */
  applicationId: number;
  /** The applicant's name, for the request's confirmation. */
  name?: string;
}

/**
 * The documents part of the applicant's whole file (issue 17): every document request of the user, by the
 * application it names (issue 37), and every document (current versions, with their earlier ones), reviewed here,
 * and a new request for this applicant and the application the page shows.
 */
export function ApplicantDocumentsPanel({ userId, applicationId, name = '' }: Props) {
  const { t } = useTranslation('documents');
  const requestsQuery = useMemo(() => applicantQuery(userId, 'createdAt'), [userId]);
  const documentsQuery = useMemo(() => applicantQuery(userId, 'createdAt'), [userId]);
  const requests = useAdminDocumentRequestsPage(requestsQuery);
  const documents = useAdminDocumentsPage(documentsQuery);

  return (
    <TabCard
      title={t('panel.title')}
      description={t('panel.description')}
      action={<RequestDocumentDialog applicant={{ userId, applicationId, name }} />}
      contentClassName="flex flex-col gap-8"
    >
      <section aria-labelledby={`applicant-requests-${userId}`} className="flex flex-col gap-3">
        <h3 id={`applicant-requests-${userId}`} className="text-base font-semibold text-slate-900">
          {t('panel.requests')}
        </h3>
        {requests.data && requests.data.items.length > 0 ? (
          groupRequestsByApplication(requests.data.items, applicationId).map((group) => {
            const headingId = `applicant-requests-${userId}-${group.applicationId ?? 'none'}`;
            return (
              <div key={group.applicationId ?? 'none'} className="flex flex-col gap-2" data-testid="request-group">
                <h4 id={headingId} className="text-sm font-semibold text-slate-700">
                  {group.applicationId === null
                    ? t('panel.noApplication')
                    : group.applicationId === applicationId
                      ? t('panel.thisApplication', { id: group.applicationId })
                      : t('panel.otherApplication', { id: group.applicationId })}
                </h4>
                <AdminRequestsTable aria-labelledby={headingId} showUser={false} rows={group.rows} />
              </div>
            );
          })
        ) : (
          <AdminRequestsTable
            aria-labelledby={`applicant-requests-${userId}`}
            showUser={false}
            rows={requests.data?.items}
            status={{ isLoading: requests.isPending, error: requests.error, loadingLabel: t('requests.loading'), errorTitle: t('requests.loadFailed') }}
            empty={<EmptyState icon={Inbox} title={t('panel.noRequests')} />}
          />
        )}
      </section>
      <section aria-labelledby={`applicant-documents-${userId}`} className="flex flex-col gap-3">
        <h3 id={`applicant-documents-${userId}`} className="text-base font-semibold text-slate-900">
          {t('panel.documents')}
        </h3>
        <AdminDocumentsTable
          aria-labelledby={`applicant-documents-${userId}`}
          showUser={false}
          rows={documents.data?.items}
          status={{ isLoading: documents.isPending, error: documents.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
          empty={<EmptyState icon={FileText} title={t('panel.noDocuments')} />}
        />
      </section>
    </TabCard>
  );
}
