import { Eye, Inbox, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  APPLICATION_STATUSES,
  ApplicationStatusBadge,
  isApplicationStatus,
  useApplicationStatusLabel,
  type ApplicationStatus,
} from '@/components/ui/application-status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableRow,
} from '@/components/ui/responsive-table';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-message';
import { formatDate } from '@/lib/dates';
import { PAGE_SIZE, useApplicationsList } from '../api';
import type { ApplicationListItem } from '../types';
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
  const { data, isPending, isError, isPlaceholderData } = useApplicationsList({ search, status, offset });
  const filtered = search !== '' || status !== 'all';

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

      {isPending ? (
        <Card className="flex justify-center py-16">
          <Spinner label={t('list.loading')} />
        </Card>
      ) : isError ? (
        <ErrorState title={t('list.loadError')}>{t('common:errors.unknown')}</ErrorState>
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState icon={Inbox}>{filtered ? t('list.emptyFiltered') : t('list.empty')}</EmptyState>
        </Card>
      ) : (
        <>
          <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <ApplicationsTable items={data.items} />
          </div>
          <Pagination
            from={offset + 1}
            to={offset + data.items.length}
            total={data.total}
            onPrevious={page > 0 ? () => setPage(page - 1) : undefined}
            onNext={offset + data.items.length < data.total ? () => setPage(page + 1) : undefined}
          />
        </>
      )}
    </div>
  );
}

function ApplicationsTable({ items }: { items: ApplicationListItem[] }) {
  const { t, i18n } = useTranslation('applications');
  const notProvided = t('notProvided');
  return (
    <ResponsiveTable>
      <caption className="sr-only">{t('list.title')}</caption>
      <ResponsiveTableHead>
        <ResponsiveTableHeader>{t('list.columns.applicant')}</ResponsiveTableHeader>
        <ResponsiveTableHeader>{t('list.columns.contact')}</ResponsiveTableHeader>
        <ResponsiveTableHeader>{t('list.columns.idCode')}</ResponsiveTableHeader>
        <ResponsiveTableHeader>{t('list.columns.status')}</ResponsiveTableHeader>
        <ResponsiveTableHeader>{t('list.columns.submitted')}</ResponsiveTableHeader>
        <ResponsiveTableHeader className="text-right">
          <span className="sr-only">{t('list.columns.actions')}</span>
        </ResponsiveTableHeader>
      </ResponsiveTableHead>
      <ResponsiveTableBody>
        {items.map((item) => {
          const name = item.user.fullName ?? item.profile.fullName;
          const email = item.user.email ?? item.profile.email;
          const phone = item.user.phone ?? item.profile.phone;
          return (
            <ResponsiveTableRow key={item.id} data-testid="application-row">
              <ResponsiveTableCell>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className={name ? 'font-semibold text-slate-900' : 'italic text-slate-500'}>
                      {name ?? t('noName')}
                    </p>
                    {item.user.username && <p className="text-sm text-slate-500">@{item.user.username}</p>}
                  </div>
                  <ApplicationStatusBadge status={item.status} className="shrink-0 md:hidden" />
                </div>
              </ResponsiveTableCell>
              <ResponsiveTableCell label={t('list.columns.contact')}>
                <p className="break-all text-slate-900">{email ?? notProvided}</p>
                {phone && <p className="text-slate-500">{phone}</p>}
              </ResponsiveTableCell>
              <ResponsiveTableCell label={t('list.columns.idCode')} className="tabular-nums">
                {item.profile.idCode ?? notProvided}
              </ResponsiveTableCell>
              <ResponsiveTableCell className="hidden md:table-cell">
                <ApplicationStatusBadge status={item.status} />
              </ResponsiveTableCell>
              <ResponsiveTableCell label={t('list.columns.submitted')} className="whitespace-nowrap">
                <time dateTime={item.createdAt}>{formatDate(item.createdAt, i18n.language)}</time>
              </ResponsiveTableCell>
              <ResponsiveTableCell className="pt-1 md:text-right">
                <Button asChild variant="secondary" size="sm" className="w-full md:w-auto">
                  <Link
                    to={`/admin/applications/${item.id}`}
                    aria-label={t('list.viewLabel', { name: name ?? `#${item.id}` })}
                  >
                    <Eye className="h-4 w-4" aria-hidden="true" />
                    {t('list.view')}
                  </Link>
                </Button>
              </ResponsiveTableCell>
            </ResponsiveTableRow>
          );
        })}
      </ResponsiveTableBody>
    </ResponsiveTable>
  );
}

function Pagination({
  from,
  to,
  total,
  onPrevious,
  onNext,
}: {
  from: number;
  to: number;
  total: number;
  onPrevious?: () => void;
  onNext?: () => void;
}) {
  const { t } = useTranslation('applications');
  return (
    <nav aria-label={t('list.paginationLabel')} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('list.range', { from, to, total })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onPrevious} disabled={!onPrevious}>
          {t('list.previous')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onNext} disabled={!onNext}>
          {t('list.next')}
        </Button>
      </div>
    </nav>
  );
}
