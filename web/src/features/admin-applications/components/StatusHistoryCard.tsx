import { ArrowRight, History, Lock, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApplicationStatusBadge,
  useApplicationStatusLabel,
  useStatusNotesText,
} from '@/components/ui/application-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatRelative } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { AdminStatusUpdate } from '@/types/api';

/** One labelled note of a status change; the internal one stands out as admins-only (issue 16). */
function HistoryNote({ label, internal = false, testId, children }: {
  label: string;
  internal?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn('flex flex-col gap-0.5 text-sm', internal && 'rounded-md border border-amber-200 bg-amber-50 px-3 py-2')}
      data-testid={testId}
    >
      <span className={cn('flex items-center gap-1.5 text-xs font-medium', internal ? 'text-amber-800' : 'text-slate-500')}>
        {internal && <Lock className="h-3.5 w-3.5" aria-hidden="true" />}
        {label}
      </span>
      <p className="whitespace-pre-line leading-relaxed text-slate-700">{children}</p>
    </div>
  );
}

/**
 * Every status change, newest first: from → to, the note to the applicant and the internal note (issue 16,
 * What each role sees: each labelled, so an admin knows which one the applicant saw), and the date.
 */
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
                {update.oldStatus === update.newStatus ? (
                  // Issue 37: notes sent with the status unchanged read 'Pending Review → Pending Review'; a note it is.
                  <div
                    className="flex flex-wrap items-center gap-2 text-sm text-slate-700"
                    aria-label={t('detail.history.noteOnly', { status: label(update.newStatus) })}
                    role="group"
                    data-testid="history-note-only"
                  >
                    <MessageSquareText className="h-4 w-4 text-slate-500" aria-hidden="true" />
                    <span className="font-medium">{t('detail.history.noteAdded')}</span>
                    <span className="text-slate-500">{t('detail.history.statusStays')}</span>
                    <ApplicationStatusBadge status={update.newStatus} />
                  </div>
                ) : (
                  <div
                    className="flex flex-wrap items-center gap-2"
                    aria-label={t('detail.history.change', { from: label(update.oldStatus), to: label(update.newStatus) })}
                    role="group"
                  >
                    <ApplicationStatusBadge status={update.oldStatus} />
                    <ArrowRight className="h-4 w-4 text-slate-400" aria-hidden="true" />
                    <ApplicationStatusBadge status={update.newStatus} />
                  </div>
                )}
                {update.notes && (
                  <HistoryNote label={t('detail.history.notesLabel')} testId="history-applicant-note">
                    {notesText(update.notes)}
                  </HistoryNote>
                )}
                {update.internalNote && (
                  <HistoryNote label={t('detail.history.internalNoteLabel')} testId="history-internal-note" internal>
                    {update.internalNote}
                  </HistoryNote>
                )}
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
