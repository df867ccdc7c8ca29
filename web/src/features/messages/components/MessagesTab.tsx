import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-message';
import { useAdminMessages } from '../api/get-messages';
import { MessageCard } from './MessageCard';

/**
 * Spec §2 admin Messages: the contact-form inbox with loading, error and empty states. A list of cards
 * rather than a table (a message is read, not compared), in the same tab skeleton as the tables.
 */
export function MessagesTab() {
  const { t } = useTranslation('admin');
  const query = useAdminMessages();
  const messages = query.data;

  return (
    <TabCard
      title={t('messages.title')}
      description={
        messages && messages.length > 0
          ? t('messages.count', { count: messages.length, unread: messages.filter((m) => !m.isRead).length })
          : t('messages.description')
      }
    >
      <QueryState
        query={{ data: messages, isLoading: query.isLoading, error: query.error }}
        loadingLabel={t('messages.loading')}
        errorTitle={t('messages.loadFailed')}
        empty={
          <EmptyState icon={Inbox} title={t('messages.empty.title')}>
            {t('messages.empty.text')}
          </EmptyState>
        }
      >
        {(list) => (
          <ul className="flex flex-col gap-4" aria-label={t('messages.title')}>
            {list.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </TabCard>
  );
}
