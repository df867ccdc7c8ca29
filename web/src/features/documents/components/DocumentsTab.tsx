import { Download, FileText, FileUp, RotateCcw, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-message';
import { TruncatedText } from '@/components/ui/truncated-text';
import { formatCalendarDate, formatDate, parseIsoDate } from '@/lib/dates';
import type { DocumentRequest, Document as OwnDocument } from '@/types/api';
import { useOwnRequests } from '../api/get-document-requests';
import { useOwnDocuments } from '../api/get-documents';
import { canUploadAgain, canUploadFor, FILE_TYPE_WIDTH, fileTypeLabel } from '../rules';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import { OverdueBadge } from './OverdueBadge';
import { RejectionReason } from './RejectionReason';
import { UploadDocumentDialog, type UploadFor } from './UploadDocumentDialog';

/** Spec §2 applicant Documents tab: requests to answer, uploads and their review status. */
export function DocumentsTab() {
  const { t, i18n } = useTranslation('documents');
  const documents = useOwnDocuments();
  const requests = useOwnRequests();
  // undefined: closed; null: a free upload; else the request it answers or the rejected document it replaces.
  const [uploading, setUploading] = useState<UploadFor | undefined>(undefined);

  const dueDate = (value: string | null) => {
    const parsed = value ? parseIsoDate(value) : null;
    return parsed ? formatCalendarDate(parsed, i18n.language) : t('applicant.requests.noDueDate');
  };

  const nameColumn = <Row extends { name: string; description?: string | null }>(withDescription: boolean): DataTableColumn<Row> => ({
    id: 'name',
    header: t('columns.name'),
    phoneLabel: false,
    className: 'font-medium text-slate-900',
    cell: (row) => (
      <span className="flex flex-col">
        <span className="break-words">{row.name}</span>
        {withDescription && row.description && (
          <span className="break-words text-xs font-normal text-slate-500">{row.description}</span>
        )}
      </span>
    ),
  });
  // A rejected document or request shows why (issue 17).
  const statusColumn = <Row extends { status: string; rejectionReason: string | null }>(): DataTableColumn<Row> => ({
    id: 'status',
    header: t('columns.status'),
    cell: (row) => (
      <span className="flex flex-col items-start gap-1">
        <DocumentStatusBadge status={row.status} />
        <RejectionReason reason={row.rejectionReason} />
      </span>
    ),
  });

  const requestColumns: DataTableColumn<DocumentRequest>[] = [
    nameColumn(false),
    {
      id: 'description',
      header: t('columns.description'),
      // Phones leave out an empty description; wide screens keep the column aligned with a dash.
      phoneLabel: (request) => Boolean(request.description),
      className: 'text-slate-700',
      cell: (request) => <span className="break-words">{request.description || <span className="hidden md:inline">—</span>}</span>,
    },
    {
      id: 'dueDate',
      header: t('columns.dueDate'),
      className: 'md:whitespace-nowrap',
      cell: (request) => (
        <span className="flex flex-col items-start gap-1">
          <span>{dueDate(request.dueDate)}</span>
          <OverdueBadge request={request} />
        </span>
      ),
    },
    statusColumn(),
  ];

  // Issue 37: an upload answering a request says which one, when its own name (by default the file's) does not.
  const requestNames = new Map((requests.data ?? []).map((request) => [request.id, request.name]));
  const answeredRequest = (document: OwnDocument) => {
    const name = document.requestId === null ? undefined : requestNames.get(document.requestId);
    return name !== undefined && name !== document.name ? name : null;
  };

  const documentColumns: DataTableColumn<OwnDocument>[] = [
    {
      ...nameColumn<OwnDocument>(true),
      cell: (document) => {
        const request = answeredRequest(document);
        return (
          <span className="flex flex-col">
            <span className="break-words">{document.name}</span>
            {document.description && <span className="break-words text-xs font-normal text-slate-500">{document.description}</span>}
            {request && (
              <span className="break-words text-xs font-normal text-slate-600" data-testid="answers-request">
                {t('applicant.forRequest', { name: request })}
              </span>
            )}
          </span>
        );
      },
    },
    {
      id: 'type',
      header: t('columns.type'),
      cell: (document) => <TruncatedText text={fileTypeLabel(document.fileType)} className={FILE_TYPE_WIDTH} />,
    },
    {
      id: 'date',
      header: t('columns.date'),
      className: 'md:whitespace-nowrap',
      cell: (document) => <span>{formatDate(document.createdAt, i18n.language)}</span>,
    },
    {
      ...statusColumn<OwnDocument>(),
      cell: (document) => (
        <span className="flex flex-col items-start gap-1">
          <DocumentStatusBadge status={document.status} />
          <RejectionReason reason={document.rejectionReason} />
          {document.replacedById != null && <span className="text-xs text-slate-500">{t('applicant.replaced')}</span>}
        </span>
      ),
    },
  ];

  // Both lists load together; the uploaded documents are the rows, the open requests come above them.
  const query = {
    data: documents.data,
    isLoading: documents.isLoading || requests.isLoading,
    error: documents.error ?? requests.error,
  };

  return (
    <TabCard
      title={t('applicant.title')}
      description={t('applicant.description')}
      contentClassName="flex flex-col gap-8"
      action={
        <Button onClick={() => setUploading(null)} className="self-start">
          <FileUp className="h-4 w-4" aria-hidden="true" />
          {t('upload.open')}
        </Button>
      }
    >
      <QueryState query={query} loadingLabel={t('loading')} errorTitle={t('loadFailed')}>
        {(uploaded) => (
          <>
            {requests.data && requests.data.length > 0 && (
              <section aria-labelledby="document-requests-heading" className="flex flex-col gap-3">
                <div>
                  <h3 id="document-requests-heading" className="text-base font-semibold text-slate-900">
                    {t('applicant.requests.title')}
                  </h3>
                  <p className="text-sm text-slate-600">{t('applicant.requests.description')}</p>
                </div>
                <DataTable
                  aria-labelledby="document-requests-heading"
                  columns={requestColumns}
                  rows={requests.data}
                  rowKey={(request) => request.id}
                  rowTestId="document-request-row"
                  actions={{
                    header: t('columns.actions'),
                    cell: (request) =>
                      canUploadFor(request) &&
                      (request.status === 'rejected' ? (
                        <Button
                          size="sm"
                          onClick={() => setUploading({ request })}
                          aria-label={t('actions.uploadAgainNamed', { name: request.name })}
                        >
                          <RotateCcw className="h-4 w-4" aria-hidden="true" />
                          {t('actions.uploadAgain')}
                        </Button>
                      ) : (
                        <Button size="sm" onClick={() => setUploading({ request })} aria-label={t('actions.uploadNamed', { name: request.name })}>
                          <Upload className="h-4 w-4" aria-hidden="true" />
                          {t('actions.upload')}
                        </Button>
                      )),
                  }}
                />
              </section>
            )}
            <section aria-labelledby="documents-heading" className="flex flex-col gap-3">
              <h3 id="documents-heading" className="text-base font-semibold text-slate-900">
                {t('applicant.uploaded')}
              </h3>
              <DataTable
                aria-labelledby="documents-heading"
                columns={documentColumns}
                rows={uploaded}
                rowKey={(document) => document.id}
                rowTestId="document-row"
                empty={
                  <EmptyState
                    icon={FileText}
                    title={t('applicant.empty.title')}
                    className="rounded-[var(--radius-card)] border border-dashed border-slate-200"
                  >
                    {t('applicant.empty.text')}
                  </EmptyState>
                }
                actions={{
                  header: t('columns.actions'),
                  wrap: true,
                  cell: (document) => (
                    <>
                      <a
                        href={document.filePath}
                        download
                        className={buttonClasses('secondary', 'sm')}
                        aria-label={t('actions.downloadNamed', { name: document.name })}
                      >
                        <Download className="h-4 w-4" aria-hidden="true" />
                        {t('actions.download')}
                      </a>
                      {canUploadAgain(document) && (
                        <Button
                          size="sm"
                          onClick={() => setUploading({ replaces: document })}
                          aria-label={t('actions.uploadAgainNamed', { name: document.name })}
                        >
                          <RotateCcw className="h-4 w-4" aria-hidden="true" />
                          {t('actions.uploadAgain')}
                        </Button>
                      )}
                    </>
                  ),
                }}
              />
            </section>
          </>
        )}
      </QueryState>
      <UploadDocumentDialog
        open={uploading !== undefined}
        uploadFor={uploading}
        onOpenChange={(open) => !open && setUploading(undefined)}
      />
    </TabCard>
  );
}
