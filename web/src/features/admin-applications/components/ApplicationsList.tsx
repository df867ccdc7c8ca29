import { Eye, Inbox, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  APPLICATION_STATUSES,
  ApplicationStatusBadge,
  isApplicationStatus,
  useApplicationStatusLabel,
} from '@/components/ui/application-status-badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { EmptyState } from '@/components/ui/state-message';
import { formatDate } from '@/lib/dates';
import type { ApplicationStatus, ApplicationListItem } from '@/types/api';
import { PAGE_SIZE, useApplicationsList } from '../api/get-applications';
import { useDebouncedValue } from '../use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

type StatusFilter = ApplicationStatus | 'all';

/** Spec §2 Admin panel, Applications: server-side search and status filter, paged by 20. */
export function ApplicationsList() {
  const { t } = useTranslation('applications');
  const statusLabel = useApplicationStatusLabel();
  const [searchInput, setSearchInput] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // A new search or filter starts at the first page: the page belongs to the filter it was chosen for.
  const filterKey = `${status}\u0000${search}`;
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const offset = page * PAGE_SIZE;
  const { data, isPending, error, isPlaceholderData } = useApplicationsList({ search, status, offset });
  const filtered = search !== '' || status !== 'all';
  const columns = useApplicationColumns();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor="applications-search">{t('list.searchLabel')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id="applications-search"
              type="search"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              placeholder={t('list.searchPlaceholder')}
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-56">
          <Label htmlFor="applications-status">{t('list.statusFilterLabel')}</Label>
          <Select value={status} onValueChange={(value) => setStatus(isApplicationStatus(value) ? value : 'all')}>
            <SelectTrigger id="applications-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t('list.allStatuses')}</SelectItem>
              {APPLICATION_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {statusLabel(value)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <DataTable
        standalone
        caption={t('list.title')}
        columns={columns}
        rows={data?.items}
        rowKey={(item) => item.id}
        rowTestId="application-row"
        status={{ isLoading: isPending, error, loadingLabel: t('list.loading'), errorTitle: t('list.loadError') }}
        empty={<EmptyState icon={Inbox}>{filtered ? t('list.emptyFiltered') : t('list.empty')}</EmptyState>}
        stale={isPlaceholderData}
        pagination={{ page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onPageChange: setPage, label: t('list.paginationLabel') }}
        actions={{
          header: t('list.columns.actions'),
          hideHeader: true,
          cell: (item) => (
            <Button asChild variant="secondary" size="sm" className="w-full md:w-auto">
              <Link to={`/admin/applications/${item.id}`} aria-label={t('list.viewLabel', { name: applicantName(item) ?? `#${item.id}` })}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                {t('list.view')}
              </Link>
            </Button>
          ),
        }}
      />
    </div>
  );
}

function applicantName(item: ApplicationListItem) {
  return item.user.fullName ?? item.profile.fullName;
}

/** The list's columns (spec §2): applicant, contact, ID code, status, submitted. */
function useApplicationColumns(): DataTableColumn<ApplicationListItem>[] {
  const { t, i18n } = useTranslation('applications');
  const notProvided = t('notProvided');
  return [
    {
      id: 'applicant',
      header: t('list.columns.applicant'),
      phoneLabel: false,
      cell: (item) => {
        const name = applicantName(item);
        return (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className={name ? 'font-semibold text-slate-900' : 'italic text-slate-500'}>{name ?? t('noName')}</p>
              {item.user.username && <p className="text-sm text-slate-500">@{item.user.username}</p>}
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
            <p className="break-all text-slate-900">{item.user.email ?? item.profile.email ?? notProvided}</p>
            {phone && <p className="text-slate-500">{phone}</p>}
          </>
        );
      },
    },
    { id: 'idCode', header: t('list.columns.idCode'), className: 'tabular-nums', cell: (item) => item.profile.idCode ?? notProvided },
    { id: 'status', header: t('list.columns.status'), wideOnly: true, cell: (item) => <ApplicationStatusBadge status={item.status} /> },
    {
      id: 'submitted',
      header: t('list.columns.submitted'),
      className: 'whitespace-nowrap',
      cell: (item) => <time dateTime={item.createdAt}>{formatDate(item.createdAt, i18n.language)}</time>,
    },
  ];
}
