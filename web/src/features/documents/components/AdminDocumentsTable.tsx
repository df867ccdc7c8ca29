import { Check, ChevronDown, ChevronUp, Download, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/ui/data-table';
import { PersonCell, TruncatedText } from '@/components/ui/truncated-text';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate } from '@/lib/dates';
import type { AdminDocument } from '@/types/api';
import { useReviewDocument } from '../api/review-document';
import { canReview, FILE_TYPE_WIDTH, fileTypeLabel } from '../rules';
import type { AdminDocumentSort, DocumentVersion } from '../types';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import { RejectDocumentDialog, type RejectTarget } from './RejectDocumentDialog';
import { RejectionReason } from './RejectionReason';

type TableProps = Omit<DataTableProps<AdminDocument>, 'columns' | 'rowKey' | 'actions'>;

/**
 * The admin's table of documents (current versions): name with the request it answers and its earlier
 * versions, applicant, type, upload date, status with the rejection reason; download, approve, and reject
 * with a reason. Sortable columns carry the API's sort names (createdAt, name, status: ADMIN_DOCUMENT_SORTS).
 */
export function AdminDocumentsTable({ showUser = true, ...props }: TableProps & { showUser?: boolean }) {
  const { t, i18n } = useTranslation('documents');
  const failureToast = useFailureToast();
  const review = useReviewDocument();
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);

  const approve = (document: AdminDocument) =>
    review.mutate(
      { id: document.id, status: 'approved' },
      {
        onSuccess: () => toast({ title: t('admin.toast.approved'), description: document.name }),
        onError: (err) => failureToast(t('admin.toast.updateStatusError'), err),
      },
    );

  const columns: DataTableColumn<AdminDocument>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      sortable: true,
      phoneLabel: false,
      className: 'font-medium text-slate-900 md:min-w-[11rem]',
      cell: (document) => (
        <span className="flex flex-col gap-0.5">
          <span className="break-words">{document.name}</span>
          {document.description && <span className="break-words text-xs font-normal text-slate-500">{document.description}</span>}
          {document.requestName && (
            <span className="break-words text-xs font-normal text-slate-600">
              {t('admin.forRequest', { name: document.requestName })}
            </span>
          )}
          {document.earlierVersions.length > 0 && <EarlierVersions versions={document.earlierVersions} />}
        </span>
      ),
    },
    ...(showUser
      ? [
          {
            id: 'user',
            header: t('columns.user'),
            cell: (document: AdminDocument) => <ApplicantName user={document.user} userId={document.userId} />,
          },
        ]
      : []),
    {
      id: 'type',
      header: t('columns.type'),
      // Spec §2: the part after the slash, whole; a long one (a .docx's) is cut, never the table.
      cell: (document) => <TruncatedText text={fileTypeLabel(document.fileType)} className={FILE_TYPE_WIDTH} />,
    },
    {
      id: 'createdAt' satisfies AdminDocumentSort,
      header: t('columns.date'),
      sortable: true,
      className: 'md:whitespace-nowrap',
      cell: (document) => <span>{formatDate(document.createdAt, i18n.language)}</span>,
    },
    {
      id: 'status',
      header: t('columns.status'),
      sortable: true,
      className: 'md:min-w-[9rem]',
      cell: (document) => (
        <span className="flex flex-col items-start gap-1">
          <DocumentStatusBadge status={document.status} />
          <RejectionReason reason={document.rejectionReason} />
        </span>
      ),
    },
  ];

  return (
    <>
      <DataTable
        {...props}
        columns={columns}
        rowKey={(document) => document.id}
        rowTestId="admin-document-row"
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
                // Approve and Reject stay side by side (issue 18: they went one under the other at 1366 px);
                // the download link wraps away from them when the column is narrow.
                <span className="flex gap-2" data-testid="review-actions">
                  <Button
                    size="sm"
                    disabled={review.isPending}
                    onClick={() => approve(document)}
                    aria-label={t('actions.approveNamed', { name: document.name })}
                  >
                    <Check className="h-4 w-4" aria-hidden="true" />
                    {t('actions.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={review.isPending}
                    onClick={() => setRejecting({ id: document.id, name: document.name })}
                    aria-label={t('actions.rejectNamed', { name: document.name })}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                    {t('actions.reject')}
                  </Button>
                </span>
              )}
            </>
          ),
        }}
      />
      <RejectDocumentDialog document={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

export function ApplicantName({ user, userId }: { user: AdminDocument['user']; userId: number }) {
  const { t } = useTranslation('documents');
  if (!user.fullName && !user.username) return <span className="text-slate-500">{t('admin.unknownUser', { id: userId })}</span>;
  return <PersonCell name={user.fullName || user.username} email={user.email} />;
}

/** A document's earlier versions (uploads it replaced after their rejection), oldest first, behind a toggle. */
function EarlierVersions({ versions }: { versions: readonly DocumentVersion[] }) {
  const { t, i18n } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <span className="mt-1 flex flex-col gap-1 font-normal">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1 self-start rounded text-xs font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500"
      >
        {open ? <ChevronUp className="h-3.5 w-3.5" aria-hidden="true" /> : <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />}
        {t('admin.earlier.toggle', { count: versions.length })}
      </button>
      {open && (
        <ol id={listId} aria-label={t('admin.earlier.title')} className="flex flex-col gap-2 border-l-2 border-slate-200 pl-3">
          {versions.map((version) => (
            <li key={version.id} data-testid="earlier-version" className="flex flex-col items-start gap-1 text-xs text-slate-600">
              <span className="flex flex-wrap items-center gap-2">
                <a
                  href={version.filePath}
                  download
                  className="break-all font-medium text-primary-700 hover:underline"
                  aria-label={t('admin.earlier.download', { name: version.fileName })}
                >
                  {version.fileName}
                </a>
                <span>{formatDate(version.uploadedAt, i18n.language)}</span>
                <DocumentStatusBadge status={version.status} />
              </span>
              <RejectionReason reason={version.rejectionReason} />
            </li>
          ))}
        </ol>
      )}
    </span>
  );
}
