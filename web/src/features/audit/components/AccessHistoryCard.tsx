import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-message';
import { auditPageOptions } from '../api/get-audit';
import { AuditTable } from './AuditTable';

/** The newest records the card shows; the Activity tab, filtered to the applicant, has the rest. */
const LATEST = 20;

/**
 * Issue 15, Audit log: "on the application detail page, a card with the access history of that applicant":
 * the newest admin views and actions concerning the applicant, with a link to all of them in the Activity tab.
 */
export function AccessHistoryCard({ userId }: { userId: number }) {
  const { t } = useTranslation('audit');
  const query = useMemo(() => new URLSearchParams({ applicant: String(userId), limit: String(LATEST), offset: '0' }), [userId]);
  const page = useQuery(auditPageOptions(query));
  const headingId = useId();
  const total = page.data?.total ?? 0;

  return (
    <TabCard
      title={<span id={headingId}>{t('card.title')}</span>}
      description={t('card.description')}
      action={
        total > 0 && (
          <Link to={`/admin?tab=activity&applicant=${userId}`} className={buttonClasses('secondary', 'sm', 'self-start')}>
            {t('card.showAll', { count: total })}
          </Link>
        )
      }
    >
      <div data-testid="access-history">
        <AuditTable
          aria-labelledby={headingId}
          rows={page.data?.items}
          status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
          empty={<EmptyState icon={History} title={t('card.empty')} />}
        />
      </div>
    </TabCard>
  );
}
