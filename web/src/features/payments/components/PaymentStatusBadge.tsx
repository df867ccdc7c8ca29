import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { PaymentStatus } from '@/types/api';

/** Spec §4 colours: waiting blue, in a pay run amber, paid green, failed red, cancelled grey. */
const TONE: Record<PaymentStatus, BadgeTone> = {
  scheduled: 'blue',
  in_run: 'amber',
  paid: 'green',
  failed: 'red',
  cancelled: 'neutral',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payments');
  return (
    <Badge tone={TONE[status]} data-testid="payment-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
