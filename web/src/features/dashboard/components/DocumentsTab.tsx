import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-message';

/** Placeholder until the documents issue lands (spec §2 Documents tab). */
export function DocumentsTab() {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <EmptyState icon={FileText} title={t('documents.title')}>
        {t('documents.text')}
      </EmptyState>
    </Card>
  );
}
