import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/ui/input';
import { parseApiError } from '@/lib/api-client';

/** The server's field errors (a 422's fieldCodes), in the reader's language. */
export function useFieldErrors(error: unknown): Record<string, string> {
  const { t } = useTranslation('common');
  const { fields } = parseApiError(error);
  return Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, text.startsWith('errors.') ? t(text) : text]));
}

export function fieldProps(id: string, error?: string) {
  return { id, className: inputClasses, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}
