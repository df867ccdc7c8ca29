import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { CONTRACT_STATUSES } from '../types';
import { contractStatusVariant, type ContractBadgeVariant } from '../rules';

const TONE: Record<ContractBadgeVariant, BadgeTone> = { default: 'green', destructive: 'red', secondary: 'neutral' };

function useContractStatusLabel() {
  const { t } = useTranslation('contracts');
  return (status: string) => ((CONTRACT_STATUSES as readonly string[]).includes(status) ? t(`status.${status}`) : status);
}

/** Spec §4: signed default (green), expired destructive (red), the others secondary (grey). */
export function ContractStatusBadge({ status }: { status: string }) {
  const label = useContractStatusLabel();
  const variant = contractStatusVariant(status);
  return (
    <Badge tone={TONE[variant]} className="whitespace-nowrap" data-status={status} data-variant={variant}>
      {label(status)}
    </Badge>
  );
}
