import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { isOverdue } from '../rules';

/** Issue 14: 'Overdue' in red beside the due date of a request still owed after it; nothing otherwise. */
export function OverdueBadge({ request }: { request: { dueDate: string | null; status: string } }) {
  const { t } = useTranslation('documents');
  if (!isOverdue(request)) return null;
  return (
    <Badge tone="red" data-testid="overdue">
      {t('requests.overdue')}
    </Badge>
  );
}
