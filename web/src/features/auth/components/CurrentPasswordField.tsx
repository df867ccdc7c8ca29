import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** The account's current password, which every change on the profile tab asks for (issue 14). */
export function CurrentPasswordField({ id, field, error }: { id: string; field: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('account');
  return (
    <FormField id={id} label={t('account.currentPassword')} error={error}>
      <Input id={id} type="password" autoComplete="current-password" {...field} {...invalidProps(id, error)} />
    </FormField>
  );
}
