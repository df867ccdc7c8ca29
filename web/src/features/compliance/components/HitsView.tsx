import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState, LoadError } from '@/components/ui/state-message';
import { Spinner } from '@/components/ui/spinner';
import { useListParams } from '@/hooks/use-list-params';
import { HIT_STATUSES, NEWEST_FIRST, hitsPageOptions } from '../api/compliance';
import { HitsTable } from './HitsTable';

/** Issue 35: the screening hits to decide (open by default), with their explanations. */
export function HitsView() {
  const { t } = useTranslation('compliance');
  const list = useListParams({ defaults: { sort: 'createdAt', order: 'desc', pageSize: 50, status: 'open' }, sorts: NEWEST_FIRST, statuses: HIT_STATUSES });
  const page = useQuery(hitsPageOptions(list.apiQuery));
  return (
    <TabCard
      title={t('hits.title')}
      description={t('hits.description')}
      action={
        <FilterSelect
          label={t('hits.filter')}
          value={list.params.status}
          onChange={list.setStatus}
          options={HIT_STATUSES.map((s) => ({ value: s, label: t(`hitStatus.${s}`) }))}
        />
      }
    >
      {page.isPending ? (
        <Spinner label={t('loading')} />
      ) : page.error ? (
        <LoadError title={t('loadFailed')} />
      ) : page.data.items.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={t('hits.empty')} />
      ) : (
        <HitsTable hits={page.data.items} />
      )}
    </TabCard>
  );
}
