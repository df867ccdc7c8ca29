import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/ui/data-table';
import { formatCalendarDate, formatDate, parseIsoDate } from '@/lib/dates';
import type { AdminDocumentRequest } from '../types';
import { ApplicantName } from './AdminDocumentsTable';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import { OverdueBadge } from './OverdueBadge';
import { RejectionReason } from './RejectionReason';

type TableProps = Omit<DataTableProps<AdminDocumentRequest>, 'columns' | 'rowKey'>;

/**
 * The admin's table of document requests: name, applicant, due date (with 'Overdue' once it has passed and
 * the document is still owed), when it was requested, status with the reason of a rejected answer. Sortable
 * columns carry the API's sort names (name, dueDate, createdAt).
 */
export function AdminRequestsTable({ showUser = true, ...props }: TableProps & { showUser?: boolean }) {
  const { t, i18n } = useTranslation('documents');

  const dueDate = (request: AdminDocumentRequest) => {
    const parsed = request.dueDate ? parseIsoDate(request.dueDate) : null;
    return parsed ? formatCalendarDate(parsed, i18n.language) : t('applicant.requests.noDueDate');
  };

  const columns: DataTableColumn<AdminDocumentRequest>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      sortable: true,
      phoneLabel: false,
      className: 'font-medium text-slate-900 md:min-w-[11rem]',
      cell: (request) => (
        <span className="flex flex-col">
          <span className="break-words">{request.name}</span>
          {request.description && <span className="break-words text-xs font-normal text-slate-500">{request.description}</span>}
        </span>
      ),
    },
    ...(showUser
      ? [
          {
            id: 'user',
            header: t('columns.user'),
            cell: (request: AdminDocumentRequest) => <ApplicantName user={request.user} userId={request.userId} />,
          },
        ]
      : []),
    {
      id: 'dueDate',
      header: t('columns.dueDate'),
      sortable: true,
      className: 'md:whitespace-nowrap',
      cell: (request) => (
        <span className="flex flex-col items-start gap-1">
          <span>{dueDate(request)}</span>
          <OverdueBadge request={request} />
        </span>
      ),
    },
    {
      id: 'createdAt',
      header: t('requests.createdAt'),
      sortable: true,
      className: 'md:whitespace-nowrap',
      cell: (request) => <span>{formatDate(request.createdAt, i18n.language)}</span>,
    },
    {
      id: 'status',
      header: t('columns.status'),
      className: 'md:min-w-[9rem]',
      cell: (request) => (
        <span className="flex flex-col items-start gap-1">
          <DocumentStatusBadge status={request.status} />
          <RejectionReason reason={request.rejectionReason} />
        </span>
      ),
    },
  ];

  return <DataTable {...props} columns={columns} rowKey={(request) => request.id} rowTestId="admin-request-row" />;
}
