import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@/types/api';

/**
 * The title a reader sees. The employment contract signed at registration is stored under the title of the
 * language it was signed in; it is named by its kind in the reader's language instead (issue 12). A contract
 * an admin wrote keeps the title the admin gave it.
 */
export function useContractTitle() {
  const { t } = useTranslation('contracts');
  return useCallback(
    (contract: Pick<Contract, 'kind' | 'title'>) => (contract.kind === 'employment' ? t('titles.employment') : contract.title),
    [t],
  );
}
