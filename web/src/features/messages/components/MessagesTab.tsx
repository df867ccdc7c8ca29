import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState } from '@/components/ui/state-message';
import { useListParams } from '@/hooks/use-list-params';
import { MESSAGE_FILTERS, MESSAGE_SORTS, messagesPageOptions } from '../api/get-messages';
import { MessagesTable } from './MessagesTable';

/**
 * Spec §2 admin Messages: the contact-form inbox with loading, error and empty states. Issue 17: one server
 * page at a time, searched (name, e-mail, subject, text), filtered by unread or read and sorted by a column,
 * with all of it in the URL.
 */
export function MessagesTab() {
  const { t } = useTranslation('admin');
  const list = useListParams({
    defaults: { sort: 'createdAt', order: 'desc', pageSize: 50 },
    sorts: MESSAGE_SORTS,
    statuses: MESSAGE_FILTERS,
  });
  const page = useQuery(messagesPageOptions(list.apiQuery));

  return (
    <TabCard title={t('messages.title')} description={t('messages.description')}>
      <MessagesTable
        aria-label={t('messages.title')}
        rows={page.data?.items}
        stale={page.isPlaceholderData}
        status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('messages.loading'), errorTitle: t('messages.loadFailed') }}
        empty={
          list.isFiltered ? (
            <EmptyState icon={Inbox} title={t('messages.noMatches.title')}>
              {t('messages.noMatches.text')}
            </EmptyState>
          ) : (
            <EmptyState icon={Inbox} title={t('messages.empty.title')}>
              {t('messages.empty.text')}
            </EmptyState>
          )
        }
        {...list.tableProps({
          total: page.data?.total,
          paginationLabel: t('messages.pages'),
          searchLabel: t('messages.search'),
          searchPlaceholder: t('messages.searchPlaceholder'),
        })}
        filters={
          <FilterSelect
            label={t('messages.filter.label')}
            value={list.params.status}
            onChange={list.setStatus}
            options={[
              { value: '', label: t('messages.filter.all') },
              ...MESSAGE_FILTERS.map((status) => ({ value: status, label: t(`messages.filter.${status}`) })),
            ]}
          />
        }
      />
    </TabCard>
  );
}
