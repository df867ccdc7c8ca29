import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface NewPassword {
  password: string;
  confirmPassword: string;
}

/** The new password and its repetition, as on the registration form (issue 14: the same rules). */
export function NewPasswordFields<T extends NewPassword>({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPassword>;
}) {
  const { t } = useTranslation('account');
  // Narrowed once: both names exist on every form that holds a new password.
  const registerNew = register as unknown as UseFormRegister<NewPassword>;
  const fields = [
    { name: 'password', label: t('newPassword.password') },
    { name: 'confirmPassword', label: t('newPassword.confirmPassword') },
  ] as const;
  return fields.map(({ name, label }) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField key={name} id={id} label={label} error={error}>
        <Input id={id} type="password" autoComplete="new-password" {...registerNew(name)} {...invalidProps(id, error)} />
      </FormField>
    );
  });
}
