import { useQuery } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState } from '@/components/ui/state-message';
import { useListParams } from '@/hooks/use-list-params';
import { adminContractsPageOptions, CONTRACT_FILTERS, CONTRACT_SORTS } from '../api/get-admin-contracts';
import { AdminContractsTable } from './AdminContractsTable';
import { CreateContractDialog } from './CreateContractDialog';

/**
 * Spec §2 admin Contracts: create contracts and follow their signatures. Issue 17: one server page at a time,
 * searched (title, the applicant's name, e-mail or ID code), filtered by status and sorted by a column, with
 * all of it in the URL.
 */
export function AdminContractsTab() {
  const { t } = useTranslation('contracts');
  const list = useListParams({
    defaults: { sort: 'createdAt', order: 'desc', pageSize: 50 },
    sorts: CONTRACT_SORTS,
    statuses: CONTRACT_FILTERS,
  });
  const page = useQuery(adminContractsPageOptions(list.apiQuery));

  return (
    <TabCard title={t('admin.title')} description={t('admin.description')} action={<CreateContractDialog />}>
      <AdminContractsTable
        aria-label={t('admin.title')}
        rows={page.data?.items}
        stale={page.isPlaceholderData}
        status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
        empty={
          list.isFiltered ? (
            <EmptyState icon={FileSignature} title={t('admin.noMatches.title')}>
              {t('admin.noMatches.text')}
            </EmptyState>
          ) : (
            <EmptyState icon={FileSignature} title={t('admin.empty.title')}>
              {t('admin.empty.text')}
            </EmptyState>
          )
        }
        {...list.tableProps({
          total: page.data?.total,
          paginationLabel: t('admin.pages'),
          searchLabel: t('admin.search'),
          searchPlaceholder: t('admin.searchPlaceholder'),
        })}
        filters={
          <FilterSelect
            label={t('columns.status')}
            value={list.params.status}
            onChange={list.setStatus}
            options={[
              { value: '', label: t('admin.filter.all') },
              ...CONTRACT_FILTERS.map((status) => ({
                value: status,
                label: status === 'awaiting' ? t('admin.filter.awaiting') : t(`status.${status}`),
              })),
            ]}
          />
        }
      />
    </TabCard>
  );
}
