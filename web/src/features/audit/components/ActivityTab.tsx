import { useQuery } from '@tanstack/react-query';
import { History, X } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { FilterSelect } from '@/components/ui/filter-select';
import { Label } from '@/components/ui/label';
import { EmptyState } from '@/components/ui/state-message';
import { useListParams } from '@/hooks/use-list-params';
import { currentLanguage } from '@/lib/i18n';
import { AUDIT_ACTIONS } from '../actions';
import { auditPageOptions, useAdminChoices, type AuditRecord } from '../api/get-audit';
import { AuditTable } from './AuditTable';

const FILTERS = ['actor', 'applicant', 'action', 'from', 'to'] as const;
type AuditFilter = (typeof FILTERS)[number];

/** The list state's query without its sort and order: the log has one order, newest first. */
function auditQuery(listQuery: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams(listQuery);
  query.delete('sort');
  query.delete('order');
  return query;
}

/**
 * Issue 15, Audit log: "an Activity tab in /admin with these filters and paging": the admin, the applicant
 * (chosen from a row, or arriving from an applicant's access history), the action and a period of days, all
 * kept in the URL like the other admin lists.
 */
export function ActivityTab() {
  const { t } = useTranslation('audit');
  const list = useListParams<AuditFilter>({
    defaults: { sort: 'occurredAt', order: 'desc', pageSize: 50 },
    sorts: ['occurredAt'],
    filters: FILTERS,
  });
  const query = useMemo(() => auditQuery(list.apiQuery), [list.apiQuery]);
  const page = useQuery(auditPageOptions(query));
  const { filters } = list.params;
  const { pagination } = list.tableProps({ total: page.data?.total, paginationLabel: t('pages') });

  return (
    <TabCard title={t('title')} description={t('description')}>
      <AuditTable
        aria-label={t('title')}
        rows={page.data?.items}
        stale={page.isPlaceholderData}
        status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
        empty={
          <EmptyState icon={History} title={list.isFiltered ? t('noMatches.title') : t('empty.title')}>
            {list.isFiltered ? t('noMatches.text') : t('empty.text')}
          </EmptyState>
        }
        pagination={pagination}
        onApplicant={(applicantId) => list.setFilter('applicant', String(applicantId))}
        filters={
          <div className="flex w-full flex-col gap-3">
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <ActorFilter value={filters.actor} rows={page.data?.items} onChange={(actor) => list.setFilter('actor', actor)} />
              <FilterSelect
                label={t('filter.action')}
                value={filters.action}
                onChange={(action) => list.setFilter('action', action)}
                className="w-full"
                options={[
                  { value: '', label: t('filter.allActions') },
                  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) })),
                ]}
              />
              <DayFilter name="from" value={filters.from} onChange={(day) => list.setFilter('from', day)} />
              <DayFilter name="to" value={filters.to} onChange={(day) => list.setFilter('to', day)} />
            </div>
            {filters.applicant && (
              <ApplicantChip
                applicantId={filters.applicant}
                rows={page.data?.items}
                onClear={() => list.setFilter('applicant', '')}
              />
            )}
          </div>
        }
      />
    </TabCard>
  );
}

function ActorFilter({
  value,
  rows,
  onChange,
}: {
  value: string;
  rows: readonly AuditRecord[] | undefined;
  onChange: (actor: string) => void;
}) {
  const { t } = useTranslation('audit');
  const admins = useAdminChoices();
  const options = [
    { value: '', label: t('filter.allActors') },
    ...(admins.data ?? []).map((admin) => ({ value: String(admin.id), label: admin.fullName || admin.username })),
  ];
  // An admin named in the URL but not in the list (it has not loaded, or they were removed) is still shown.
  if (value && !options.some((option) => option.value === value)) {
    const name = rows?.find((record) => String(record.actorId) === value)?.actorName;
    options.push({ value, label: name ?? t('user', { id: value }) });
  }
  return <FilterSelect label={t('filter.actor')} value={value} onChange={onChange} options={options} className="w-full" />;
}

function DayFilter({ name, value, onChange }: { name: 'from' | 'to'; value: string; onChange: (day: string) => void }) {
  const { t, i18n } = useTranslation('audit');
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t(`filter.${name}`)}</Label>
      <DateField
        id={id}
        value={value}
        onChange={onChange}
        language={currentLanguage(i18n)}
        labels={{
          placeholder: t('datePicker.placeholder'),
          openCalendar: t(name === 'from' ? 'datePicker.openFrom' : 'datePicker.openTo'),
          previousMonth: t('datePicker.previousMonth'),
          nextMonth: t('datePicker.nextMonth'),
        }}
      />
    </div>
  );
}

function ApplicantChip({
  applicantId,
  rows,
  onClear,
}: {
  applicantId: string;
  rows: readonly AuditRecord[] | undefined;
  onClear: () => void;
}) {
  const { t } = useTranslation('audit');
  const name = rows?.find((record) => String(record.applicantId) === applicantId)?.applicantName ?? t('user', { id: applicantId });
  return (
    <p className="flex items-center gap-2 self-start rounded-full border border-primary-200 bg-primary-50 py-1 pl-3 pr-1 text-sm text-primary-900">
      <span data-testid="applicant-filter">{t('filter.applicant', { name })}</span>
      <Button size="icon" variant="ghost" className="h-8 w-8" onClick={onClear} aria-label={t('filter.clearApplicant')}>
        <X className="h-4 w-4" aria-hidden="true" />
      </Button>
    </p>
  );
}
