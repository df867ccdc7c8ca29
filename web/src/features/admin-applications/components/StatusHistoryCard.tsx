import { ArrowRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  ApplicationStatusBadge,
  useApplicationStatusLabel,
  useStatusNotesText,
} from '@/components/ui/application-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatRelative } from '@/lib/dates';
import type { AdminStatusUpdate } from '@/types/api';

/** Every status change, newest first: from → to, notes and date. */
export function StatusHistoryCard({ updates }: { updates: AdminStatusUpdate[] }) {
  const { t, i18n } = useTranslation('applications');
  const label = useApplicationStatusLabel();
  const notesText = useStatusNotesText();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <History className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('detail.history.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {updates.length === 0 ? (
          <p className="text-sm text-slate-600">{t('detail.history.empty')}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-slate-100" aria-label={t('detail.history.title')}>
            {updates.map((update) => (
              <li key={update.id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0" data-testid="history-entry">
                <div
                  className="flex flex-wrap items-center gap-2"
                  aria-label={t('detail.history.change', { from: label(update.oldStatus), to: label(update.newStatus) })}
                  role="group"
                >
                  <ApplicationStatusBadge status={update.oldStatus} />
                  <ArrowRight className="h-4 w-4 text-slate-400" aria-hidden="true" />
                  <ApplicationStatusBadge status={update.newStatus} />
                </div>
                {update.notes && <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">{notesText(update.notes)}</p>}
                <time
                  dateTime={update.createdAt}
                  title={formatRelative(update.createdAt, i18n.language)}
                  className="text-xs text-slate-500"
                >
                  {formatDateTime(update.createdAt, i18n.language)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
