import { useTranslation } from 'react-i18next';
import type { Contract } from '@/types/api';

/** How a contract was signed (issue 33), in the reader's language; a dash while unsigned or not recorded. */
export function SignatureMethod({ method }: { method: Contract['signatureMethod'] }) {
  const { t } = useTranslation('esign');
  return method ? <span data-method={method}>{t(`methods.${method}`)}</span> : <>—</>;
}
