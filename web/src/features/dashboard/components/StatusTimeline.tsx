import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApplicationStatusBadge, useStatusNotesText } from '@/components/ui/application-status-badge';
import { formatDateTime, formatRelative } from '@/lib/dates';
import type { StatusUpdate } from '@/types/api';

/** Status updates, newest first: the new status, optional notes and a relative time with the exact date on hover. */
export function StatusTimeline({ updates, label, emptyText }: { updates: StatusUpdate[]; label: string; emptyText: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const notesText = useStatusNotesText();
  if (updates.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <ol aria-label={label} className="relative flex flex-col gap-6 border-l border-slate-200 pl-6">
      {updates.map((update) => (
        <li key={update.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[1.86rem] top-1 h-3 w-3 rounded-full border-2 border-white bg-primary-500 ring-1 ring-slate-200"
          />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {update.oldStatus === update.newStatus ? (
              // A note sent with the status unchanged is a message, not a new status (issue 37).
              <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700" data-testid="timeline-note">
                <MessageSquareText className="h-4 w-4 text-slate-500" aria-hidden="true" />
                {t('application.timeline.note')}
              </span>
            ) : (
              <ApplicationStatusBadge status={update.newStatus} />
            )}
            <time
              dateTime={update.createdAt}
              title={formatDateTime(update.createdAt, lng)}
              className="text-sm text-slate-500"
            >
              {formatRelative(update.createdAt, lng)}
            </time>
          </div>
          {update.notes && <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-slate-700">{notesText(update.notes)}</p>}
        </li>
      ))}
    </ol>
  );
}
