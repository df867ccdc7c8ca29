import { Files } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApplicationStatusBadge } from '@/components/ui/application-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import type { ApplicationDetail } from '@/types/api';

type OtherApplication = ApplicationDetail['otherApplications'][number];

/** The same applicant's other applications, earlier and later, newest first (spec §1: they may apply again). */
export function OtherApplicationsCard({ applications }: { applications: OtherApplication[] }) {
  const { t, i18n } = useTranslation('applications');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Files className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('detail.others.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-slate-100" aria-label={t('detail.others.title')}>
          {applications.map((application) => (
            <li key={application.id} className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0">
              <Link
                to={`/admin/applications/${application.id}`}
                className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline"
              >
                {t('detail.title', { id: application.id })}
              </Link>
              <span className="flex items-center gap-2 text-sm text-slate-500">
                {t('detail.submitted', { date: formatDate(application.createdAt, i18n.language) })}
                <ApplicationStatusBadge status={application.status} />
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
