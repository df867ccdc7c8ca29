import { useQuery } from '@tanstack/react-query';
import { Flag, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { EmptyState, LoadError } from '@/components/ui/state-message';
import { Spinner } from '@/components/ui/spinner';
import { useListParams } from '@/hooks/use-list-params';
import { useFailureToast } from '@/hooks/use-server-message';
import { parseApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { NEWEST_FIRST, REPORT_STATUSES, reportsPageOptions, updateReport, useComplianceMutation } from '../api/compliance';

/** Issue 35: suspicion reports, for compliance officers only (others are told so), due two banking days on. */
export function ReportsView() {
  const { t, i18n } = useTranslation('compliance');
  const language = currentLanguage(i18n);
  const list = useListParams({ defaults: { sort: 'createdAt', order: 'desc', pageSize: 50 }, sorts: NEWEST_FIRST, statuses: REPORT_STATUSES });
  const page = useQuery(reportsPageOptions(list.apiQuery));
  const update = useComplianceMutation(updateReport);
  const failureToast = useFailureToast();

  if (page.isPending) return <Spinner label={t('loading')} />;
  if (page.error) {
    const officersOnly = parseApiError(page.error).code === 'not_compliance_officer';
    return (
      <TabCard title={t('reports.title')} description={t('reports.description')}>
        {officersOnly ? <EmptyState icon={Lock} title={t('reports.officersOnly')} /> : <LoadError title={t('loadFailed')} />}
      </TabCard>
    );
  }
  return (
    <TabCard title={t('reports.title')} description={t('reports.description')}>
      {page.data.items.length === 0 ? (
        <EmptyState icon={Flag} title={t('reports.empty')} />
      ) : (
        <ul className="flex flex-col gap-2 text-sm" data-testid="reports">
          {page.data.items.map((report) => (
            <li key={report.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
              <span className="font-medium text-slate-900">
                {report.subjectName || t(`subject.${report.subjectType}`)} · {t(`reportStatus.${report.status}`)}
              </span>
              <span className={report.overdue ? 'font-medium text-danger-700' : 'text-slate-700'}>
                {t('reports.due', { date: formatDate(report.dueDate, language) })}
              </span>
              <p className="whitespace-pre-line text-slate-800">{report.description}</p>
              {report.status === 'open' && (
                <Button
                  size="sm"
                  variant="secondary"
                  className="self-start"
                  onClick={() => update.mutate({ id: report.id, status: 'in_progress' }, { onError: (failure) => failureToast(t('reports.failed'), failure) })}
                >
                  {t('reports.take')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </TabCard>
  );
}
