import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { documentStatusVariant, isKnownDocumentStatus, type DocumentBadgeVariant } from '../rules';

const TONE: Record<DocumentBadgeVariant, BadgeTone> = { default: 'green', destructive: 'red', secondary: 'neutral' };

/** Spec §4: approved default, rejected destructive, the rest secondary; unknown values shown as sent. */
export function DocumentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('documents');
  const variant = documentStatusVariant(status);
  return (
    <Badge tone={TONE[variant]} data-status={status} data-variant={variant} className="whitespace-nowrap">
      {isKnownDocumentStatus(status) ? t(`status.${status}`) : status}
    </Badge>
  );
}
