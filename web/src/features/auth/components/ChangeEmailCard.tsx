import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useServerMessage } from '@/hooks/use-server-message';
import { parseApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useChangeEmail, WRONG_PASSWORD } from '../api/account';
import { changeEmailSchema, type ChangeEmailValues } from '../schemas';
import { CurrentPasswordField } from './CurrentPasswordField';

const FIELDS = ['email', 'currentPassword'] as const;
const EMPTY: ChangeEmailValues = { email: '', currentPassword: '' };

/**
 * Issue 14 "Account self-service": a new address, given the current password. Nothing changes until the link
 * sent to the new address is followed (the /confirm-email page).
 */
export function ChangeEmailCard() {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const serverMessage = useServerMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangeEmailValues>({ resolver: zodResolver(changeEmailSchema), defaultValues: EMPTY });

  const onError = (error: unknown) => {
    if (parseApiError(error).code === WRONG_PASSWORD) {
      setError('currentPassword', { type: 'server', message: t('account.wrongPassword') }, { shouldFocus: true });
      return;
    }
    if (applyServerFieldErrors(error, FIELDS, setError)) return;
    toast({
      title: t('account.email.failed'),
      description: serverMessage(error) ?? t('account.failedDefault'),
      variant: 'destructive',
    });
  };

  const onSubmit = (values: ChangeEmailValues) => {
    setSentTo(null);
    change.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        setSentTo(values.email);
      },
      onError,
    });
  };

  const id = 'change-email-address';
  return (
    <Card>
      <form noValidate aria-label={t('account.email.title')} onSubmit={handleSubmit(onSubmit)}>
        <CardHeader>
          <CardTitle>{t('account.email.title')}</CardTitle>
          <CardDescription>{t('account.email.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <FormField id={id} label={t('account.email.newEmail')} error={errors.email?.message}>
            <Input id={id} type="email" autoComplete="email" {...register('email')} {...invalidProps(id, errors.email?.message)} />
          </FormField>
          <CurrentPasswordField
            id="change-email-current"
            field={register('currentPassword')}
            error={errors.currentPassword?.message}
          />
          <div aria-live="polite">
            {sentTo && (
              <p className="flex items-start gap-3 rounded-lg bg-primary-50 p-4 text-sm text-slate-800">
                <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary-700" aria-hidden="true" />
                {t('account.email.sent', { email: sentTo })}
              </p>
            )}
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('account.email.submitting') : t('account.email.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
