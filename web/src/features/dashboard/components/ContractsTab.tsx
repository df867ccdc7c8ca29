import { FileSignature } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-message';

/** Placeholder until the contracts issue lands (spec §2 Contracts tab). */
export function ContractsTab() {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <EmptyState icon={FileSignature} title={t('contracts.title')}>
        {t('contracts.text')}
      </EmptyState>
    </Card>
  );
}
