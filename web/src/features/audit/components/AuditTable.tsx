import { ListFilter } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApplicationStatusLabel } from '@/components/ui/application-status-badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { isKnownAction } from '../actions';
import type { AuditRecord } from '../api/get-audit';

type TableProps = Omit<DataTableProps<AuditRecord>, 'columns' | 'rowKey' | 'actions' | 'rowTestId'> & {
  /** The Activity tab's applicant column with its "only this applicant" button; the access history leaves it out. */
  onApplicant?: (applicantId: number) => void;
};

/** The export's target: every application its filters matched (applications' EVERY_APPLICATION). */
const EVERY_APPLICATION = '*';

/**
 * Issue 15, Audit log: the records of the audit log, newest first: when (Europe/Tallinn), which admin, the action
 * with its small facts (the statuses of a change, a review's decision), the record acted on and, in the Activity
 * tab, the applicant concerned and where the request came from.
 */
export function AuditTable({ onApplicant, ...props }: TableProps) {
  const { t, i18n } = useTranslation('audit');
  const language = currentLanguage(i18n);
  const userName = (id: number | null, name: string | null) =>
    name ?? (id === null ? t('system') : t('user', { id }));

  const columns: DataTableColumn<AuditRecord>[] = [
    {
      id: 'occurredAt',
      header: t('columns.occurredAt'),
      className: 'md:whitespace-nowrap',
      cell: (record) => <time dateTime={record.occurredAt}>{formatDateTime(record.occurredAt, language)}</time>,
    },
    {
      id: 'actor',
      header: t('columns.actor'),
      cell: (record) => <span className="font-medium text-slate-900">{userName(record.actorId, record.actorName)}</span>,
    },
    {
      id: 'action',
      header: t('columns.action'),
      className: 'md:min-w-[12rem]',
      cell: (record) => <ActionCell record={record} />,
    },
    {
      id: 'target',
      header: t('columns.target'),
      cell: (record) => <TargetCell record={record} />,
    },
  ];
  if (onApplicant) {
    columns.push(
      {
        id: 'applicant',
        header: t('columns.applicant'),
        cell: ({ applicantId, applicantName }) =>
          applicantId === null ? (
            <span className="text-slate-500">{t('noApplicant')}</span>
          ) : (
            <ApplicantCell name={userName(applicantId, applicantName)} onFilter={() => onApplicant(applicantId)} />
          ),
      },
      {
        id: 'source',
        header: t('columns.source'),
        wideOnly: true,
        cell: (record) => (
          <span className="flex max-w-[14rem] flex-col gap-0.5 text-xs text-slate-600">
            <span className="font-mono">{record.ipAddress ?? '—'}</span>
            {record.userAgent && (
              <span className="truncate" title={record.userAgent}>
                {record.userAgent}
              </span>
            )}
          </span>
        ),
      },
    );
  }

  return <DataTable {...props} columns={columns} rowKey={(record) => record.id} rowTestId="audit-row" />;
}

function ActionCell({ record }: { record: AuditRecord }) {
  const { t } = useTranslation('audit');
  const statusLabel = useApplicationStatusLabel();
  const { details } = record;
  const facts: string[] = [];
  if (details.from !== undefined && details.to !== undefined) {
    facts.push(t('details.statusChange', { from: statusLabel(details.from), to: statusLabel(details.to) }));
  }
  if (details.decision === 'approved' || details.decision === 'rejected') facts.push(t(`details.decision.${details.decision}`));
  if (details.company) facts.push(t('details.company', { id: details.company }));
  if (details.previous_company) facts.push(t('details.previousCompany', { id: details.previous_company }));
  if (record.action === 'application.assigned' && details.previous) facts.push(t('details.previousAssignee', { id: details.previous }));
  if (record.action.endsWith('.listed')) {
    // Issue 37: a list page records the ids of the rows it showed, comma-separated.
    facts.push(t('details.shown', { count: details.shown ? details.shown.split(',').length : 0 }));
    if (details.searched) facts.push(t('details.searched'));
  }
  if (record.action === 'application.exported' && details.status) {
    facts.push(t('details.exportStatus', { status: statusLabel(details.status) }));
  }
  return (
    <span className="flex flex-col gap-0.5" data-action={record.action}>
      <span className="text-slate-900">{isKnownAction(record.action) ? t(`actions.${record.action}`) : record.action}</span>
      {facts.map((fact) => (
        <span key={fact} className="text-xs text-slate-600">
          {fact}
        </span>
      ))}
    </span>
  );
}

function TargetCell({ record }: { record: AuditRecord }) {
  const { t } = useTranslation('audit');
  if (record.action.endsWith('.listed') && (record.targetType === 'application' || record.targetType === 'contract')) {
    return <span className="text-slate-600">{t(`targets.list.${record.targetType}`)}</span>;
  }
  if (record.targetType === 'application' && record.targetId === EVERY_APPLICATION) {
    return <span className="text-slate-600">{t('targets.everyApplication')}</span>;
  }
  const label = t(`targets.${record.targetType}`, { id: record.targetId, defaultValue: `${record.targetType} ${record.targetId}` });
  if (record.targetType === 'application' && /^\d+$/.test(record.targetId)) {
    return (
      <Link to={`/admin/applications/${record.targetId}`} className="font-medium text-primary-700 underline-offset-2 hover:underline">
        {label}
      </Link>
    );
  }
  return <span>{label}</span>;
}

function ApplicantCell({ name, onFilter }: { name: string; onFilter: () => void }) {
  const { t } = useTranslation('audit');
  return (
    <span className="flex items-center gap-1">
      <span className="[overflow-wrap:anywhere]">{name}</span>
      <Button size="icon" variant="ghost" className="h-9 w-9 shrink-0" onClick={onFilter} aria-label={t('filter.byApplicant', { name })}>
        <ListFilter className="h-4 w-4" aria-hidden="true" />
      </Button>
    </span>
  );
}
