import { Check, Download, FileText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/state-message';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate } from '@/lib/dates';
import type { AdminDocument } from '@/types/api';
import { useAdminDocuments } from '../api/get-admin-documents';
import { useReviewDocument, type ReviewStatus } from '../api/review-document';
import { canReview, fileTypeLabel } from '../rules';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import { RequestDocumentDialog } from './RequestDocumentDialog';

/** Spec §2 admin Documents: request documents and approve or reject what was uploaded. */
export function AdminDocumentsTab() {
  const { t, i18n } = useTranslation('documents');
  const failureToast = useFailureToast();
  const query = useAdminDocuments();
  const review = useReviewDocument();

  const setStatus = (document: AdminDocument, status: ReviewStatus) =>
    review.mutate(
      { id: document.id, status },
      {
        onSuccess: () => toast({ title: t(`admin.toast.${status}`), description: document.name }),
        onError: (err) => failureToast(t('admin.toast.updateStatusError'), err),
      },
    );

  const columns: DataTableColumn<AdminDocument>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      phoneLabel: false,
      className: 'font-medium text-slate-900 md:min-w-[9rem]',
      cell: (document) => (
        <span className="flex flex-col">
          <span className="break-words">{document.name}</span>
          {document.description && <span className="break-words text-xs font-normal text-slate-500">{document.description}</span>}
        </span>
      ),
    },
    {
      id: 'user',
      header: t('columns.user'),
      className: 'md:min-w-[11rem]',
      cell: (document) =>
        document.user?.fullName || document.user?.username ? (
          <span className="flex flex-col">
            <span className="text-slate-900">{document.user.fullName || document.user.username}</span>
            {document.user.email && <span className="break-all text-xs text-slate-500">{document.user.email}</span>}
          </span>
        ) : (
          <span className="text-slate-500">{t('admin.unknownUser', { id: document.userId })}</span>
        ),
    },
    {
      id: 'type',
      header: t('columns.type'),
      className: 'break-all md:min-w-[8rem] md:max-w-[12rem]',
      cell: (document) => <span>{fileTypeLabel(document.fileType)}</span>,
    },
    {
      id: 'date',
      header: t('columns.date'),
      className: 'md:whitespace-nowrap',
      cell: (document) => <span>{formatDate(document.createdAt, i18n.language)}</span>,
    },
    { id: 'status', header: t('columns.status'), cell: (document) => <DocumentStatusBadge status={document.status} /> },
  ];

  return (
    <TabCard title={t('admin.title')} description={t('admin.description')} action={<RequestDocumentDialog />}>
      <DataTable
        aria-label={t('admin.title')}
        columns={columns}
        rows={query.data}
        rowKey={(document) => document.id}
        rowTestId="admin-document-row"
        status={{ isLoading: query.isLoading, error: query.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
        empty={
          <EmptyState icon={FileText} title={t('admin.empty.title')}>
            {t('admin.empty.text')}
          </EmptyState>
        }
        actions={{
          header: t('columns.actions'),
          className: 'md:w-[13rem]',
          wrap: true,
          cell: (document) => (
            <>
              <a
                href={document.filePath}
                download
                className={buttonClasses('secondary', 'sm')}
                aria-label={t('actions.downloadNamed', { name: document.name })}
                title={t('actions.download')}
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                {/* Icon only in the desktop table, where the column is narrow; the label names it. */}
                <span className="md:sr-only">{t('actions.download')}</span>
              </a>
              {canReview(document.status) && (
                <>
                  <Button
                    size="sm"
                    disabled={review.isPending}
                    onClick={() => setStatus(document, 'approved')}
                    aria-label={t('actions.approveNamed', { name: document.name })}
                  >
                    <Check className="h-4 w-4" aria-hidden="true" />
                    {t('actions.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={review.isPending}
                    onClick={() => setStatus(document, 'rejected')}
                    aria-label={t('actions.rejectNamed', { name: document.name })}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                    {t('actions.reject')}
                  </Button>
                </>
              )}
            </>
          ),
        }}
      />
    </TabCard>
  );
}
