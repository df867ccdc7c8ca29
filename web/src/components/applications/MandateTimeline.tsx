import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { Mandate, MandateStatus } from '@/types/api';

const STATUS_TONES: Record<MandateStatus, BadgeTone> = {
  awaiting_appointment: 'neutral',
  active: 'green',
  ending: 'amber',
  removal_overdue: 'red',
  removed: 'blue',
};

export function MandateStatusBadge({ status }: { status: MandateStatus }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge tone={STATUS_TONES[status]} data-status={status} className="px-3 py-1 text-sm">
      {t(`mandate.status.${status}`)}
    </Badge>
  );
}

type Step = 'appointed' | 'ends' | 'removeBy' | 'removed';

/**
 * The board member's mandate at the Business Register (issue 36) as four steps: appointed, ends, to be removed
 * by, removed. A step with its date is done or planned; one without says why not yet. One column, so it reads
 * the same on a phone.
 */
export function MandateTimeline({ mandate }: { mandate: Mandate }) {
  const { t, i18n } = useTranslation('dashboard');
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : null);
  const overdue = mandate.status === 'removal_overdue';
  const steps: { step: Step; value: string | null; pending: string; done: boolean; alert?: boolean }[] = [
    { step: 'appointed', value: date(mandate.appointedOn), pending: t('mandate.pending.appointed'), done: mandate.appointedOn !== null },
    { step: 'ends', value: date(mandate.plannedEnd), pending: t('mandate.pending.unknown'), done: false },
    { step: 'removeBy', value: date(mandate.removalDeadline), pending: t('mandate.pending.unknown'), done: false, alert: overdue },
    { step: 'removed', value: date(mandate.removedOn), pending: t(overdue ? 'mandate.pending.overdue' : 'mandate.pending.removed'), done: mandate.removedOn !== null, alert: overdue },
  ];
  return (
    <ol aria-label={t('mandate.timelineLabel')} className="flex flex-col">
      {steps.map(({ step, value, pending, done, alert }) => (
        <li key={step} data-step={step} className="relative flex gap-3 pb-5 last:pb-0">
          <span
            aria-hidden="true"
            className={cn(
              'mt-1.5 h-3 w-3 shrink-0 rounded-full border-2',
              done ? 'border-green-600 bg-green-600' : alert ? 'border-danger-700 bg-white' : 'border-slate-400 bg-white',
            )}
          />
          <div className="flex min-w-0 flex-col">
            <span className="text-sm font-medium text-slate-500">{t(`mandate.steps.${step}`)}</span>
            {value ? (
              <span className={cn('text-base', alert && !done ? 'font-semibold text-danger-700' : 'text-slate-900')}>{value}</span>
            ) : (
              <span className={cn('text-base italic', alert ? 'text-danger-700' : 'text-slate-500')}>{pending}</span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
