import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { ClientStatus, HitStatus, RiskLevel } from '../api/compliance';

const STATUS_TONE: Record<ClientStatus, BadgeTone> = {
  draft: 'neutral',
  in_review: 'amber',
  approved: 'green',
  rejected: 'red',
  closed: 'neutral',
};
const RISK_TONE: Record<RiskLevel, BadgeTone> = { low: 'green', medium: 'amber', high: 'red' };
const HIT_TONE: Record<HitStatus, BadgeTone> = { open: 'amber', cleared: 'green', confirmed: 'red' };

export function CaseStatusBadge({ status, expired }: { status: ClientStatus; expired?: boolean }) {
  const { t } = useTranslation('compliance');
  if (expired) return <Badge tone="red" data-testid="case-status" data-status="expired">{t('status.expired')}</Badge>;
  return (
    <Badge tone={STATUS_TONE[status]} data-testid="case-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function RiskBadge({ level, score }: { level: RiskLevel; score?: number }) {
  const { t } = useTranslation('compliance');
  return (
    <Badge tone={RISK_TONE[level]} data-testid="risk-level" data-level={level}>
      {score === undefined ? t(`risk.${level}`) : t('risk.withScore', { level: t(`risk.${level}`), score })}
    </Badge>
  );
}

export function HitStatusBadge({ status }: { status: HitStatus }) {
  const { t } = useTranslation('compliance');
  return (
    <Badge tone={HIT_TONE[status]} data-testid="hit-status" data-status={status}>
      {t(`hitStatus.${status}`)}
    </Badge>
  );
}
