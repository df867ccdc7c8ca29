import { useQuery } from '@tanstack/react-query';
import { Download, Eye, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/auth/get-user';
import { Link } from 'react-router-dom';
import {
  APPLICATION_STATUSES,
  ApplicationStatusBadge,
  useApplicationStatusLabel,
} from '@/components/ui/application-status-badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState } from '@/components/ui/state-message';
import { PERSON_WIDTH, TruncatedText } from '@/components/ui/truncated-text';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { ApplicationListItem } from '@/types/api';
import { exportCsvUrl } from '../api/export-applications';
import { APPLICATION_SORTS, PAGE_SIZE, applicationsPageOptions } from '../api/get-applications';
import { EidVerifiedMark } from './EidVerification';

const ASSIGNEE_FILTERS = ['me', 'none'] as const;
/** Issue 34: applicants whose identity an eID verified at registration, or the others. */
const EID_FILTERS = ['verified', 'unverified'] as const;
/** Issue 36: the applications whose board member is still on the register after the removal deadline. */
const REMOVAL_OVERDUE = 'removal_overdue';
const STATUS_FILTERS = [...APPLICATION_STATUSES, REMOVAL_OVERDUE] as const;

/**
 * Spec §2 Admin panel, Applications, at the scale of issue 17: searched, filtered, sorted and paged on the
 * server, with the view in the URL (?q=&status=&assignee=&eid=&sort=&order=&page=) and a CSV of what it finds.
 * Issue 34: filtered to applicants verified by eID (or not), who carry a mark beside their name.
 */
export function ApplicationsList() {
  const { t } = useTranslation(['applications', 'mandate', 'eid']);
  const statusLabel = useApplicationStatusLabel();
  const list = useListParams<'assignee' | 'eid'>({
    defaults: { sort: 'createdAt', order: 'desc', pageSize: PAGE_SIZE },
    filters: ['assignee', 'eid'],
    sorts: APPLICATION_SORTS,
    statuses: STATUS_FILTERS,
  });
  const { data, isPending, error, isPlaceholderData } = useQuery(applicationsPageOptions(list.apiQuery));
  const columns = useApplicationColumns();
  const assignee = (ASSIGNEE_FILTERS as readonly string[]).includes(list.params.filters.assignee)
    ? list.params.filters.assignee
    : '';
  const eid = (EID_FILTERS as readonly string[]).includes(list.params.filters.eid) ? list.params.filters.eid : '';

  return (
    <DataTable
      standalone
      caption={t('list.title')}
      columns={columns}
      rows={data?.items}
      rowKey={(item) => item.id}
      rowTestId="application-row"
      status={{ isLoading: isPending, error, loadingLabel: t('list.loading'), errorTitle: t('list.loadError') }}
      empty={<EmptyState icon={Inbox}>{list.isFiltered ? t('list.emptyFiltered') : t('list.empty')}</EmptyState>}
      stale={isPlaceholderData}
      {...list.tableProps({
        total: data?.total,
        paginationLabel: t('list.paginationLabel'),
        searchLabel: t('list.searchLabel'),
        searchPlaceholder: t('list.searchPlaceholder'),
      })}
      filters={
        <>
          <FilterSelect
            label={t('list.statusFilterLabel')}
            value={list.params.status}
            onChange={list.setStatus}
            options={[
              { value: '', label: t('list.allStatuses') },
              ...APPLICATION_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
              { value: REMOVAL_OVERDUE, label: t('mandate:list.removalOverdue') },
            ]}
          />
          <FilterSelect
            label={t('list.assigneeFilterLabel')}
            value={assignee}
            onChange={(value) => list.setFilter('assignee', value)}
            options={[
              { value: '', label: t('list.assigneeAll') },
              { value: 'me', label: t('list.assigneeMe') },
              { value: 'none', label: t('list.assigneeNone') },
            ]}
          />
          <FilterSelect
            label={t('eid:admin.filterLabel')}
            value={eid}
            onChange={(value) => list.setFilter('eid', value)}
            options={[
              { value: '', label: t('eid:admin.filterAll') },
              { value: 'verified', label: t('eid:admin.filterVerified') },
              { value: 'unverified', label: t('eid:admin.filterUnverified') },
            ]}
          />
          <Button asChild variant="secondary" className="sm:ml-auto">
            <a href={exportCsvUrl(list.apiQuery)} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('list.exportCsv')}
            </a>
          </Button>
        </>
      }
      actions={{
        header: t('list.columns.actions'),
        hideHeader: true,
        cell: (item) => (
          <Button asChild variant="secondary" size="sm" className="w-full md:w-auto">
            <Link
              to={`/admin/applications/${item.id}`}
              aria-label={t('list.viewLabel', { name: applicantName(item) ?? `#${item.id}` })}
            >
              <Eye className="h-4 w-4" aria-hidden="true" />
              {t('list.view')}
            </Link>
          </Button>
        ),
      }}
    />
  );
}

function applicantName(item: ApplicationListItem) {
  return item.user.fullName ?? item.profile.fullName;
}

/** The list's columns (spec §2 and issue 17): applicant, contact, ID code, status, assignee, dates; ids = sorts. */
function useApplicationColumns(): DataTableColumn<ApplicationListItem>[] {
  const { t, i18n } = useTranslation('applications');
  const { user } = useUser();
  const notProvided = t('notProvided');
  const date = (value: string) => <time dateTime={value}>{formatDate(value, i18n.language)}</time>;
  return [
    {
      id: 'name',
      header: t('list.columns.applicant'),
      phoneLabel: false,
      sortable: true,
      cell: (item) => {
        const name = applicantName(item);
        return (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className={name ? 'font-semibold text-slate-900' : 'italic text-slate-500'}>{name ?? t('noName')}</p>
              {item.user.username && <p className="text-sm text-slate-500">@{item.user.username}</p>}
              <EidVerifiedMark verification={item.eidVerification} />
            </div>
            {/* Phones show the status here, beside the name; wide screens in its own column. */}
            <ApplicationStatusBadge status={item.status} className="shrink-0 md:hidden" />
          </div>
        );
      },
    },
    {
      id: 'contact',
      header: t('list.columns.contact'),
      cell: (item) => {
        const phone = item.user.phone ?? item.profile.phone;
        return (
          <>
            <TruncatedText text={item.user.email ?? item.profile.email ?? notProvided} className={cn('text-slate-900', PERSON_WIDTH)} />
            {phone && <p className="text-slate-500">{phone}</p>}
          </>
        );
      },
    },
    { id: 'idCode', header: t('list.columns.idCode'), className: 'tabular-nums', cell: (item) => item.profile.idCode ?? notProvided },
    {
      id: 'status',
      header: t('list.columns.status'),
      wideOnly: true,
      sortable: true,
      cell: (item) => <ApplicationStatusBadge status={item.status} />,
    },
    {
      id: 'assignee',
      header: t('list.columns.assignee'),
      cell: (item) =>
        item.assignee ? (
          item.assignee.id === user?.id ? t('list.assignedToYou') : item.assignee.name
        ) : (
          <span className="text-slate-500">{t('list.unassigned')}</span>
        ),
    },
    { id: 'createdAt', header: t('list.columns.submitted'), className: 'whitespace-nowrap', sortable: true, cell: (item) => date(item.createdAt) },
    { id: 'updatedAt', header: t('list.columns.updated'), className: 'whitespace-nowrap', sortable: true, cell: (item) => date(item.updatedAt) },
  ];
}
