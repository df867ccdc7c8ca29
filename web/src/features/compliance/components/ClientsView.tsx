import { useQuery } from '@tanstack/react-query';
import { Briefcase } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState } from '@/components/ui/state-message';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { CLIENT_STATUSES, NEWEST_FIRST, clientsPageOptions, type ClientSummary } from '../api/compliance';
import { CaseStatusBadge, RiskBadge } from './Badges';
import { NewClientDialog } from './NewClientDialog';

/** Issue 35: the client cases with their risk and status, newest first, searched and filtered on the server. */
export function ClientsView({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation('compliance');
  const language = currentLanguage(i18n);
  const list = useListParams({
    defaults: { sort: 'createdAt', order: 'desc', pageSize: 20 },
    sorts: NEWEST_FIRST,
    statuses: CLIENT_STATUSES,
  });
  const page = useQuery(clientsPageOptions(list.apiQuery));

  const columns: DataTableColumn<ClientSummary>[] = [
    { id: 'name', header: t('clients.name'), phoneLabel: false, cell: (c) => <span className="font-medium text-slate-900">{c.name}</span> },
    { id: 'kind', header: t('clients.kind'), cell: (c) => t(`kind.${c.kind}`) },
    { id: 'country', header: t('fields.country'), cell: (c) => c.country },
    { id: 'risk', header: t('clients.risk'), cell: (c) => <RiskBadge level={c.riskLevel} score={c.riskScore} /> },
    { id: 'status', header: t('clients.status'), cell: (c) => <CaseStatusBadge status={c.status} expired={c.expired} /> },
    {
      id: 'hits',
      header: t('clients.openHits'),
      cell: (c) => (c.openHits > 0 ? <span className="font-medium text-amber-900">{t('clients.hitCount', { count: c.openHits })}</span> : '—'),
    },
    { id: 'reviewDue', header: t('clients.reviewDue'), cell: (c) => (c.reviewDue ? formatDate(c.reviewDue, language) : '—') },
  ];

  return (
    <TabCard title={t('clients.title')} description={t('clients.description')} action={<NewClientDialog onCreated={onOpen} />}>
      <DataTable
        aria-label={t('clients.title')}
        columns={columns}
        rows={page.data?.items}
        rowKey={(c) => c.id}
        rowTestId="client-row"
        stale={page.isPlaceholderData}
        status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
        empty={
          <EmptyState icon={Briefcase} title={list.isFiltered ? t('noMatches') : t('clients.empty')} />
        }
        actions={{
          header: t('actions'),
          hideHeader: true,
          cell: (c) => (
            <Button size="sm" variant="secondary" onClick={() => onOpen(c.id)} aria-label={t('clients.openNamed', { name: c.name })}>
              {t('open')}
            </Button>
          ),
        }}
        {...list.tableProps({ total: page.data?.total, paginationLabel: t('pages'), searchLabel: t('clients.search') })}
        filters={
          <FilterSelect
            label={t('clients.filter')}
            value={list.params.status}
            onChange={list.setStatus}
            options={[{ value: '', label: t('all') }, ...CLIENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
        }
      />
    </TabCard>
  );
}
