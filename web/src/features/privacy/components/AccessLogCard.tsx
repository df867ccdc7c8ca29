import { Eye } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-message';
import { formatDateTime } from '@/lib/dates';
import { type AccessLogEntry, useAccessLog } from '../api/get-access-log';

/** The actions with a text of their own (privacy:actions.<target>.<verb>); any other shows a general one. */
const KNOWN_ACTIONS = ['application.viewed', 'document.downloaded', 'contract.pdf_viewed'] as const;

function actionKey(action: string) {
  return (KNOWN_ACTIONS as readonly string[]).includes(action) ? `actions.${action}` : 'actions.other';
}

/**
 * Issue 16, Access transparency: "On the profile, 'Who has seen my data' lists the admin views and downloads of
 * the applicant's data from the audit log, with times (admins shown as 'Administrator')". Times are in
 * Europe/Tallinn; the API says nothing about which admin it was, so neither can the card.
 */
export function AccessLogCard() {
  const { t, i18n } = useTranslation('privacy');
  const log = useAccessLog();
  const headingId = useId();
  const entries = log.data?.pages.flatMap((page) => page.items);
  const total = log.data?.pages.at(-1)?.total ?? 0;

  return (
    <TabCard title={<span id={headingId}>{t('accessLog.title')}</span>} description={t('accessLog.description')}>
      <div data-testid="access-log" className="flex flex-col gap-4">
        <QueryState
          query={{ data: entries, isLoading: log.isPending, error: log.error }}
          loadingLabel={t('accessLog.loading')}
          errorTitle={t('accessLog.loadFailed')}
          empty={<EmptyState icon={Eye} title={t('accessLog.empty')} />}
        >
          {(rows) => (
            <>
              <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
                {rows.map((entry, index) => (
                  <AccessLogRow key={`${entry.occurredAt}-${index}`} entry={entry} language={i18n.language} />
                ))}
              </ul>
              <p className="text-sm text-slate-600">{t('accessLog.shown', { shown: rows.length, total })}</p>
              {log.hasNextPage && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start"
                  disabled={log.isFetchingNextPage}
                  onClick={() => void log.fetchNextPage()}
                >
                  {log.isFetchingNextPage ? t('accessLog.loadingMore') : t('accessLog.showMore')}
                </Button>
              )}
            </>
          )}
        </QueryState>
      </div>
    </TabCard>
  );
}

function AccessLogRow({ entry, language }: { entry: AccessLogEntry; language: string }) {
  const { t } = useTranslation('privacy');
  return (
    <li data-testid="access-log-entry" className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <p className="text-slate-900">
        <span className="font-semibold">{t('accessLog.administrator')}</span> {t(actionKey(entry.action))}
      </p>
      <time dateTime={entry.occurredAt} className="shrink-0 text-sm text-slate-600">
        {formatDateTime(entry.occurredAt, language)}
      </time>
    </li>
  );
}
