import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';

/**
 * Spec §5's one 'incomplete' toast: a form dialog's required fields are empty (an admin's document request, a new
 * contract), so nothing is sent. One title and text for every such dialog (issue 37: the same mistake said
 * 'Missing information' in one dialog and 'Incomplete' in the other).
 */
export function useIncompleteToast() {
  const { t } = useTranslation('common');
  return useCallback(
    () => toast({ title: t('toast.incomplete.title'), description: t('toast.incomplete.text'), variant: 'destructive' }),
    [t],
  );
}

/** The zod message of a required field whose answer is the 'incomplete' toast (never shown under the field). */
export const INCOMPLETE = 'common:toast.incomplete.text';
