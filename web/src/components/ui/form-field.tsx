import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from './label';

/**
 * Translates a validation message. Schemas carry i18n keys (e.g. 'validation.usernameMin'), and so do server
 * field errors once parseApiError has turned their codes into keys (errors.codes.*); a server text without a
 * code we know is shown as it is.
 */
export function useValidationText() {
  const { t, i18n } = useTranslation('common');
  return (message: string | undefined) =>
    message === undefined ? undefined : i18n.exists(message, { ns: 'common' }) ? t(message) : message;
}

export function fieldErrorId(id: string) {
  return `${id}-error`;
}

/** aria props for a control whose error (if any) is rendered by <FieldError id={id}>. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': fieldErrorId(id) } : { 'aria-invalid': false as const };
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  const text = useValidationText()(message);
  if (!text) return null;
  return (
    <p id={fieldErrorId(id)} className="text-sm font-medium text-danger-700">
      {text}
    </p>
  );
}

/** A labelled control with its error below. `children` must render the control with the given id. */
export function FormField({ id, label, error, children }: { id: string; label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={id} message={error} />
    </div>
  );
}
