import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MandateStatusBadge, MandateTimeline } from '@/components/applications/MandateTimeline';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { useOwnMandate } from '../api/get-own-mandate';
import { ResignAction } from './ResignAction';

/**
 * The applicant's board membership at the Business Register (issue 36): when they were appointed, when the term
 * ends, by when the shareholders must file the removal, and when they were removed; nothing while no company
 * has been assigned. The board member may resign from here (ResignAction).
 */
export function MandateCard() {
  const { t, i18n } = useTranslation('dashboard');
  const mandate = useOwnMandate(true);
  if (mandate.isSuccess && mandate.data === null) return null;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Landmark className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('mandate.title')}
        </CardTitle>
        {mandate.data && <MandateStatusBadge status={mandate.data.status} />}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {mandate.isPending ? (
          <Spinner label={t('mandate.loading')} />
        ) : mandate.isError ? (
          <p className="text-sm text-danger-700">{t('mandate.failed')}</p>
        ) : (
          mandate.data && (
            <>
              <p className="leading-relaxed text-slate-700" data-testid="mandate-hint">
                {t(`mandate.hints.${mandate.data.status}`, {
                  end: mandate.data.plannedEnd ? formatDate(mandate.data.plannedEnd, i18n.language) : '',
                  deadline: mandate.data.removalDeadline ? formatDate(mandate.data.removalDeadline, i18n.language) : '',
                })}
              </p>
              <MandateTimeline mandate={mandate.data} />
              <ResignAction plannedEnd={mandate.data.plannedEnd} removed={mandate.data.status === 'removed'} />
            </>
          )
        )}
      </CardContent>
    </Card>
  );
}
