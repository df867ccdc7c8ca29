import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-message';
import { messagesPageOptions } from '../api/get-messages';
import { MessagesTable } from './MessagesTable';

/** The API's largest page: far more than one person writes through the contact form. */
const ONE_SENDERS_LIMIT = 200;

/**
 * The contact messages part of the applicant's whole file (issue 17): every message sent from the same
 * e-mail address (in any case), newest first, read and marked read here.
 */
export function MessagesFromPanel({ email }: { email: string | null }) {
  const { t } = useTranslation('admin');
  const query = useMemo(
    () => new URLSearchParams({ email: email ?? '', sort: 'createdAt', order: 'desc', limit: String(ONE_SENDERS_LIMIT) }),
    [email],
  );
  const page = useQuery({ ...messagesPageOptions(query), enabled: Boolean(email) });
  const headingId = useId();

  return (
    <TabCard
      title={<span id={headingId}>{t('messages.panel.title')}</span>}
      description={email ? t('messages.panel.description', { email }) : t('messages.panel.noEmail')}
    >
      {email && (
        <MessagesTable
          aria-labelledby={headingId}
          rows={page.data?.items}
          status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('messages.loading'), errorTitle: t('messages.loadFailed') }}
          empty={<EmptyState icon={Inbox} title={t('messages.panel.empty')} />}
        />
      )}
    </TabCard>
  );
}
