import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { PayRunLine, PayRunStatus } from '@/types/api';

/** Spec §4 colours: waiting for a decision amber, approved blue, paid green, cancelled grey. */
const RUN_TONE: Record<PayRunStatus, BadgeTone> = { draft: 'amber', approved: 'blue', paid: 'green', cancelled: 'neutral' };
const LINE_TONE: Record<PayRunLine['status'], BadgeTone> = { ready: 'blue', blocked: 'amber', paid: 'green', failed: 'red' };

export function RunStatusBadge({ status }: { status: PayRunStatus }) {
  const { t } = useTranslation('payroll');
  return (
    <Badge tone={RUN_TONE[status]} data-testid="run-status" data-status={status}>
      {t(`runStatus.${status}`)}
    </Badge>
  );
}

export function LineStatusBadge({ status }: { status: PayRunLine['status'] }) {
  const { t } = useTranslation('payroll');
  return (
    <Badge tone={LINE_TONE[status]} data-testid="line-status" data-status={status}>
      {t(`lineStatus.${status}`)}
    </Badge>
  );
}
