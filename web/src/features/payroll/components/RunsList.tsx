import { useQuery } from '@tanstack/react-query';
import { Plus, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState } from '@/components/ui/state-message';
import { toast } from '@/components/ui/use-toast';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate, formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { PayRunSummary } from '@/types/api';
import { PAY_RUN_SORTS, PAY_RUN_STATUSES, payRunsPageOptions, useCreatePayRun } from '../api/pay-runs';
import { DateFormDialog } from './DateFormDialog';
import { RunStatusBadge } from './StatusBadges';

/** Issue 23: the pay runs, newest first, one server page at a time, and "New pay run". */
export function RunsList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation('payroll');
  const language = currentLanguage(i18n);
  const list = useListParams({
    defaults: { sort: 'createdAt', order: 'desc', pageSize: 20 },
    sorts: PAY_RUN_SORTS,
    statuses: PAY_RUN_STATUSES,
  });
  const page = useQuery(payRunsPageOptions(list.apiQuery));
  const create = useCreatePayRun();

  const createRun = (payDate: string) =>
    create.mutateAsync({ payDate }).then((run) => {
      toast({ title: t('create.done'), description: formatDate(run.payDate, language) });
      onOpen(run.id);
    });

  const columns: DataTableColumn<PayRunSummary>[] = [
    {
      id: 'payDate',
      header: t('runs.payDate'),
      phoneLabel: false,
      cell: (run) => (
        <span className="font-medium text-slate-900">{t('runs.name', { date: formatDate(run.payDate, language) })}</span>
      ),
    },
    { id: 'status', header: t('runs.status'), cell: (run) => <RunStatusBadge status={run.status} /> },
    {
      id: 'lines',
      header: t('runs.lines'),
      cell: (run) => (
        <span className="flex flex-col">
          <span>{t('runs.lineCount', { count: run.totals.lineCount })}</span>
          {run.totals.blockedCount > 0 && (
            <span className="text-xs text-amber-900">{t('runs.blockedCount', { count: run.totals.blockedCount })}</span>
          )}
        </span>
      ),
    },
    {
      id: 'net',
      header: t('runs.net'),
      className: 'tabular-nums md:text-right md:whitespace-nowrap',
      cell: (run) => formatMoney(run.totals.net, language),
    },
    {
      id: 'createdAt',
      header: t('runs.createdAt'),
      className: 'md:whitespace-nowrap',
      cell: (run) => <time dateTime={run.createdAt}>{formatDateTime(run.createdAt, language)}</time>,
    },
  ];

  return (
    <TabCard
      title={t('title')}
      description={t('description')}
      action={
        <DateFormDialog
          keyPrefix="create"
          field="payDate"
          onSubmit={createRun}
          trigger={
            <Button className="self-start">
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('create.open')}
            </Button>
          }
        />
      }
    >
      <DataTable
        aria-label={t('runs.title')}
        columns={columns}
        rows={page.data?.items}
        rowKey={(run) => run.id}
        rowTestId="pay-run-row"
        stale={page.isPlaceholderData}
        status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('runs.loading'), errorTitle: t('runs.loadFailed') }}
        empty={
          <EmptyState icon={Wallet} title={list.isFiltered ? t('runs.noMatches') : t('runs.empty.title')}>
            {list.isFiltered ? undefined : t('runs.empty.text')}
          </EmptyState>
        }
        actions={{
          header: t('runs.actions'),
          hideHeader: true,
          cell: (run) => (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onOpen(run.id)}
              aria-label={t('runs.openNamed', { date: formatDate(run.payDate, language) })}
            >
              {t('runs.open')}
            </Button>
          ),
        }}
        {...list.tableProps({ total: page.data?.total, paginationLabel: t('runs.pages') })}
        filters={
          <FilterSelect
            label={t('runs.filter')}
            value={list.params.status}
            onChange={list.setStatus}
            options={[
              { value: '', label: t('runs.filterAll') },
              ...PAY_RUN_STATUSES.map((status) => ({ value: status, label: t(`runStatus.${status}`) })),
            ]}
          />
        }
      />
    </TabCard>
  );
}
