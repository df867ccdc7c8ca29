import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/ui/data-table';
import { formatDateTime, todayInTallinn, toIsoDate } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import type { ErasureRequest, ErasureStatus } from '../api/erasure';
import { formatDueDate } from '../dates';
import { ApproveErasureDialog, RefuseErasureDialog } from './DecideErasureDialogs';

type TableProps = Omit<DataTableProps<ErasureRequest>, 'columns' | 'rowKey' | 'actions' | 'rowTestId'>;

const TONES: Record<ErasureStatus, BadgeTone> = { pending: 'amber', approved: 'blue', refused: 'red', completed: 'green' };

/** The person, their reason, when asked, the due date (overdue ones marked), the status and the decision. */
export function ErasureRequestsTable(props: TableProps) {
  const { t, i18n } = useTranslation('erasure');
  const language = currentLanguage(i18n);
  const today = toIsoDate(todayInTallinn());

  const columns: DataTableColumn<ErasureRequest>[] = [
    {
      id: 'person',
      header: t('admin.columns.person'),
      phoneLabel: false,
      className: 'md:min-w-[12rem]',
      cell: (request) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium text-slate-900">{request.fullName}</span>
          <span className="text-sm [overflow-wrap:anywhere] text-slate-600">{request.email}</span>
        </span>
      ),
    },
    {
      id: 'reason',
      header: t('admin.columns.reason'),
      className: 'md:min-w-[14rem]',
      cell: (request) => <span className="break-words whitespace-pre-line text-slate-900">{request.reason}</span>,
    },
    {
      id: 'requestedAt',
      header: t('admin.columns.requestedAt'),
      sortable: true,
      className: 'md:whitespace-nowrap',
      cell: (request) => <time dateTime={request.requestedAt}>{formatDateTime(request.requestedAt, language)}</time>,
    },
    {
      id: 'dueDate',
      header: t('admin.columns.dueDate'),
      sortable: true,
      className: 'md:whitespace-nowrap',
      cell: (request) => (
        <span className="flex flex-col items-start gap-1" data-testid="erasure-due">
          <time dateTime={request.dueDate}>{formatDueDate(request.dueDate, language)}</time>
          {request.status === 'pending' && request.dueDate < today && <Badge tone="red">{t('admin.overdue')}</Badge>}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('admin.columns.status'),
      sortable: true,
      className: 'md:min-w-[10rem]',
      cell: (request) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={TONES[request.status]} data-testid="erasure-request-status">
            {t(`status.${request.status}`)}
          </Badge>
          {request.decidedAt && (
            <time dateTime={request.decidedAt} className="text-xs text-slate-500">
              {formatDateTime(request.decidedAt, language)}
            </time>
          )}
          {request.decisionReason && <span className="break-words text-xs text-slate-600">{request.decisionReason}</span>}
        </span>
      ),
    },
  ];

  return (
    <DataTable
      {...props}
      columns={columns}
      rowKey={(request) => request.id}
      rowTestId="erasure-request-row"
      actions={{
        header: t('admin.columns.actions'),
        hideHeader: true,
        cell: (request) =>
          request.status === 'pending' && (
            <>
              <ApproveErasureDialog request={request} />
              <RefuseErasureDialog request={request} />
            </>
          ),
      }}
    />
  );
}
