import { Download, FileText, FileUp, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { formatCalendarDate } from '@/components/ui/calendar';
import { TabCard } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import {
  ResponsiveTable,
  ResponsiveTableActions,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableColumns,
  ResponsiveTableRow,
} from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/state-message';
import { formatDate, parseIsoDate } from '@/lib/dates';
import { useOwnDocuments, useOwnRequests } from '../api';
import { canUploadFor, fileTypeLabel } from '../rules';
import type { DocumentRequest } from '../types';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import { UploadDocumentDialog } from './UploadDocumentDialog';

/** Spec §2 applicant Documents tab: requests to answer, uploads and their review status. */
export function DocumentsTab() {
  const { t, i18n } = useTranslation('documents');
  const documents = useOwnDocuments();
  const requests = useOwnRequests();
  // undefined: closed; null: a free upload; a request: an upload answering it.
  const [uploading, setUploading] = useState<DocumentRequest | null | undefined>(undefined);

  const dueDate = (value: string | null) => {
    const parsed = value ? parseIsoDate(value) : null;
    return parsed ? formatCalendarDate(parsed, i18n.language) : t('applicant.requests.noDueDate');
  };

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
                <ResponsiveTable aria-labelledby="document-requests-heading">
                  <ResponsiveTableColumns
                    names={[t('columns.name'), t('columns.description'), t('columns.dueDate'), t('columns.status')]}
                    actions={t('columns.actions')}
                  />
                  <ResponsiveTableBody>
                    {requests.data.map((request) => (
                      <ResponsiveTableRow key={request.id} data-testid="document-request-row">
                        <ResponsiveTableCell className="font-medium text-slate-900">
                          <span className="break-words">{request.name}</span>
                        </ResponsiveTableCell>
                        <ResponsiveTableCell label={request.description ? t('columns.description') : undefined} className="text-slate-700">
                          <span className="break-words">{request.description || <span className="hidden md:inline">—</span>}</span>
                        </ResponsiveTableCell>
                        <ResponsiveTableCell label={t('columns.dueDate')} className="md:whitespace-nowrap">
                          <span>{dueDate(request.dueDate)}</span>
                        </ResponsiveTableCell>
                        <ResponsiveTableCell label={t('columns.status')}>
                          <DocumentStatusBadge status={request.status} />
                        </ResponsiveTableCell>
                        <ResponsiveTableActions>
                          {canUploadFor(request) && (
                            <Button
                              size="sm"
                              onClick={() => setUploading(request)}
                              aria-label={t('actions.uploadNamed', { name: request.name })}
                            >
                              <Upload className="h-4 w-4" aria-hidden="true" />
                              {t('actions.upload')}
                            </Button>
                          )}
                        </ResponsiveTableActions>
                      </ResponsiveTableRow>
                    ))}
                  </ResponsiveTableBody>
                </ResponsiveTable>
              </section>
            )}
            <section aria-labelledby="documents-heading" className="flex flex-col gap-3">
              <h3 id="documents-heading" className="text-base font-semibold text-slate-900">
                {t('applicant.uploaded')}
              </h3>
              {uploaded.length === 0 ? (
                <EmptyState icon={FileText} title={t('applicant.empty.title')} className="rounded-[var(--radius-card)] border border-dashed border-slate-200">
                  {t('applicant.empty.text')}
                </EmptyState>
              ) : (
                <ResponsiveTable aria-labelledby="documents-heading">
                  <ResponsiveTableColumns
                    names={[t('columns.name'), t('columns.type'), t('columns.date'), t('columns.status')]}
                    actions={t('columns.actions')}
                  />
                  <ResponsiveTableBody>
                    {uploaded.map((document) => (
                      <ResponsiveTableRow key={document.id} data-testid="document-row">
                        <ResponsiveTableCell className="font-medium text-slate-900">
                          <span className="flex flex-col">
                            <span className="break-words">{document.name}</span>
                            {document.description && (
                              <span className="break-words text-xs font-normal text-slate-500">{document.description}</span>
                            )}
                          </span>
                        </ResponsiveTableCell>
                        <ResponsiveTableCell label={t('columns.type')} className="break-all md:min-w-[8rem] md:max-w-[14rem]">
                          <span>{fileTypeLabel(document.fileType)}</span>
                        </ResponsiveTableCell>
                        <ResponsiveTableCell label={t('columns.date')} className="md:whitespace-nowrap">
                          <span>{formatDate(document.createdAt, i18n.language)}</span>
                        </ResponsiveTableCell>
                        <ResponsiveTableCell label={t('columns.status')}>
                          <DocumentStatusBadge status={document.status} />
                        </ResponsiveTableCell>
                        <ResponsiveTableActions>
                          <a
                            href={document.filePath}
                            download
                            className={buttonClasses('secondary', 'sm')}
                            aria-label={t('actions.downloadNamed', { name: document.name })}
                          >
                            <Download className="h-4 w-4" aria-hidden="true" />
                            {t('actions.download')}
                          </a>
                        </ResponsiveTableActions>
                      </ResponsiveTableRow>
                    ))}
                  </ResponsiveTableBody>
                </ResponsiveTable>
              )}
            </section>
          </>
        )}
      </QueryState>
      <UploadDocumentDialog
        open={uploading !== undefined}
        request={uploading}
        onOpenChange={(open) => !open && setUploading(undefined)}
      />
    </TabCard>
  );
}
