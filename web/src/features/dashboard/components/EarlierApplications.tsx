import { Archive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApplicationStatusBadge } from '@/components/ui/application-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import type { OwnApplication } from '@/types/api';
import { StatusTimeline } from './StatusTimeline';

type EarlierApplication = OwnApplication['earlierApplications'][number];

/** The applicant's earlier applications, newest first, each with its status history behind a disclosure. */
export function EarlierApplications({ applications }: { applications: EarlierApplication[] }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Archive className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('application.earlier.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-label={t('application.earlier.title')} className="flex flex-col divide-y divide-slate-100">
          {applications.map((application) => (
            <li key={application.id} className="py-3 first:pt-0 last:pb-0">
              <details className="group">
                <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500">
                  <span className="text-sm text-slate-700">
                    {t('application.earlier.summary', {
                      id: application.id,
                      date: formatDate(application.createdAt, i18n.language),
                    })}
                  </span>
                  <ApplicationStatusBadge status={application.status} />
                </summary>
                <div className="mt-4">
                  <StatusTimeline
                    updates={application.statusUpdates}
                    label={t('application.earlier.history', { id: application.id })}
                    emptyText={t('application.timeline.empty')}
                  />
                </div>
              </details>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
