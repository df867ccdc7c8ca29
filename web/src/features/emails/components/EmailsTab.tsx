import { useQuery } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState } from '@/components/ui/state-message';
import { useListParams } from '@/hooks/use-list-params';
import { EMAIL_SORTS, EMAIL_STATUSES, emailsPageOptions } from '../api/get-emails';
import { EmailsTable } from './EmailsTable';

/**
 * Issue 14: the admin's list of the latest e-mails, one server page at a time (issue 17), filtered by status,
 * with the page and filter in the URL.
 */
export function EmailsTab() {
  const { t } = useTranslation('emails');
  const list = useListParams({
    defaults: { sort: 'createdAt', order: 'desc', pageSize: 50 },
    sorts: EMAIL_SORTS,
    statuses: EMAIL_STATUSES,
  });
  const page = useQuery(emailsPageOptions(list.apiQuery));

  return (
    <TabCard title={t('title')} description={t('description')}>
      <EmailsTable
        aria-label={t('title')}
        rows={page.data?.items}
        stale={page.isPlaceholderData}
        status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
        empty={
          <EmptyState icon={MailX} title={list.isFiltered ? t('noMatches.title') : t('empty.title')}>
            {list.isFiltered ? t('noMatches.text') : t('empty.text')}
          </EmptyState>
        }
        {...list.tableProps({ total: page.data?.total, paginationLabel: t('pages') })}
        filters={
          <FilterSelect
            label={t('filter.label')}
            value={list.params.status}
            onChange={list.setStatus}
            options={[
              { value: '', label: t('filter.all') },
              ...EMAIL_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
            ]}
          />
        }
      />
    </TabCard>
  );
}
