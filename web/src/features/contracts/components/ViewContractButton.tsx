import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

/** The View button of a contract row, named after the contract for screen readers. */
export function ViewContractButton({ title, onView }: { title: string; onView: () => void }) {
  const { t } = useTranslation('contracts');
  return (
    <Button variant="secondary" size="sm" onClick={onView} aria-label={t('actions.viewNamed', { title })}>
      <Eye className="h-4 w-4" aria-hidden="true" />
      {t('actions.view')}
    </Button>
  );
}
