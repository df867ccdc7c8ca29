import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { EmailStatus } from '../api/get-emails';

/** Spec §4 colours: waiting blue, sent green, failed red. */
const TONE: Record<EmailStatus, BadgeTone> = { queued: 'blue', sent: 'green', failed: 'red' };

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { t } = useTranslation('emails');
  return (
    <Badge tone={TONE[status]} data-testid="email-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
