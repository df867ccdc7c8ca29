import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { parseApiError } from '@/lib/api-client';

/**
 * Shows the server's per-field messages (a 422 `fields` object) under the matching form fields.
 * Returns whether any field error was applied.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const { fields } = parseApiError(error);
  const known = fieldNames.filter((name) => typeof fields[name] === 'string');
  known.forEach((name, index) => setError(name, { type: 'server', message: fields[name] }, { shouldFocus: index === 0 }));
  return known.length > 0;
}
