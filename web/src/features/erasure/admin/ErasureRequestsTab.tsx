import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState } from '@/components/ui/state-message';
import { useListParams } from '@/hooks/use-list-params';
import { ERASURE_SORTS, ERASURE_STATUSES, erasureRequestsPageOptions } from '../api/erasure';
import { ErasureRequestsTable } from './ErasureRequestsTable';

/**
 * Issue 16, Erasure (Art. 17): 'Admins see the requests in /admin with their 30-day due date and approve or
 * refuse them with a reason.' One server page at a time, filtered by status, the state in the URL (issue 17).
 */
export function ErasureRequestsTab() {
  const { t } = useTranslation('erasure');
  const list = useListParams({
    defaults: { sort: 'requestedAt', order: 'desc', pageSize: 50 },
    sorts: ERASURE_SORTS,
    statuses: ERASURE_STATUSES,
  });
  const page = useQuery(erasureRequestsPageOptions(list.apiQuery));

  return (
    <TabCard title={t('admin.title')} description={t('admin.description')}>
      <ErasureRequestsTable
        aria-label={t('admin.title')}
        rows={page.data?.items}
        stale={page.isPlaceholderData}
        status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('admin.loading'), errorTitle: t('admin.loadFailed') }}
        empty={
          <EmptyState icon={ShieldCheck} title={list.isFiltered ? t('admin.noMatches.title') : t('admin.empty.title')}>
            {list.isFiltered ? t('admin.noMatches.text') : t('admin.empty.text')}
          </EmptyState>
        }
        {...list.tableProps({ total: page.data?.total, paginationLabel: t('admin.pages') })}
        filters={
          <FilterSelect
            label={t('admin.filter.label')}
            value={list.params.status}
            onChange={list.setStatus}
            options={[
              { value: '', label: t('admin.filter.all') },
              ...ERASURE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
            ]}
          />
        }
      />
    </TabCard>
  );
}
