import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SIGN_PARAM } from '@/lib/eid-documents';
import type { Contract } from '@/types/api';
import { canSign } from './rules';

/**
 * The contract a link asks to sign (/dashboard?tab=contracts&sign=12: the dashboard's next step for the board
 * member's consent and the resignation letter, issues 33 and 36), while it can be signed; and a way to drop the
 * parameter once its dialog closes.
 */
export function useLinkedContract(contracts: readonly Contract[] | undefined): {
  contract: Contract | null;
  clear: () => void;
} {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(SIGN_PARAM);
  const found = wanted ? contracts?.find((contract) => String(contract.id) === wanted) : undefined;
  const clear = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SIGN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return { contract: found && canSign(found) ? found : null, clear };
}
