import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useApplicantAcknowledgement } from '../api/liability-acknowledgement';

/** On the applicant's file (issue 36): whether and when the applicant acknowledged the current liability notice. */
export function LiabilityAcknowledgementCard({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('mandate');
  const acknowledgement = useApplicantAcknowledgement(userId);
  return (
    <Card data-testid="liability-acknowledgement">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShieldAlert className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('admin.title')}
        </CardTitle>
        {acknowledgement.data && (
          <Badge tone={acknowledgement.data.acknowledged ? 'green' : 'amber'}>
            {acknowledgement.data.acknowledged ? t('admin.acknowledged') : t('admin.notAcknowledged')}
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        {acknowledgement.isPending ? (
          <Spinner label={t('admin.loading')} />
        ) : acknowledgement.isError ? (
          <p className="text-sm text-danger-700">{t('admin.failed')}</p>
        ) : (
          <p className="text-sm text-slate-700">
            {acknowledgement.data.acknowledgedAt
              ? t('admin.acknowledgedAt', {
                  version: formatDate(acknowledgement.data.version, i18n.language),
                  at: formatDateTime(acknowledgement.data.acknowledgedAt, i18n.language),
                })
              : t('admin.waiting', { version: formatDate(acknowledgement.data.version, i18n.language) })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
