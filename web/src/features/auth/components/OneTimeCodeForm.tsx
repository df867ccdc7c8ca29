import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { parseApiError } from '@/lib/api-client';
import { WRONG_CODE } from '../api/second-factor';

interface OneTimeCodeFormProps {
  id: string;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** Sends the code; a `wrong_code` refusal is shown under the field, anything else goes to `onOtherError`. */
  onCode: (code: string, onError: (error: unknown) => void) => void;
  onOtherError: (error: unknown) => void;
  variant?: ButtonVariant;
}

/** A one-time code (TOTP, or a recovery code) and a button (issue 15): enrolment, turning off, new codes. */
export function OneTimeCodeForm({ id, label, submitLabel, pendingLabel, isPending, onCode, onOtherError, variant }: OneTimeCodeFormProps) {
  const { t } = useTranslation('security');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('code.required'));
      return;
    }
    setError(undefined);
    onCode(code.trim(), (failure) => {
      if (parseApiError(failure).code === WRONG_CODE) setError(t('code.wrong'));
      else onOtherError(failure);
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <FormField id={id} label={label} error={error}>
          <Input
            id={id}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            {...invalidProps(id, error)}
          />
      </FormField>
      <Button type="submit" variant={variant} disabled={isPending} className="self-start">
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
