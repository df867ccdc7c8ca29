import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useServerMessage } from '@/hooks/use-server-message';
import { parseApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useChangePassword, WRONG_PASSWORD } from '../api/account';
import { changePasswordSchema, type ChangePasswordValues } from '../schemas';
import { CurrentPasswordField } from './CurrentPasswordField';
import { NewPasswordFields } from './PasswordFields';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
const EMPTY: ChangePasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

/** Issue 14 "Account self-service": a new password, given the current one; every other session ends. */
export function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const serverMessage = useServerMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const onError = (error: unknown) => {
    if (parseApiError(error).code === WRONG_PASSWORD) {
      setError('currentPassword', { type: 'server', message: t('account.wrongPassword') }, { shouldFocus: true });
      return;
    }
    if (applyServerFieldErrors(error, FIELDS, setError)) return;
    toast({
      title: t('account.password.failed'),
      description: serverMessage(error) ?? t('account.failedDefault'),
      variant: 'destructive',
    });
  };

  const onSubmit = (values: ChangePasswordValues) =>
    change.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toast({ title: t('account.password.success.title'), description: t('account.password.success.description') });
      },
      onError,
    });

  return (
    <Card>
      <form noValidate aria-label={t('account.password.title')} onSubmit={handleSubmit(onSubmit)}>
        <CardHeader>
          <CardTitle>{t('account.password.title')}</CardTitle>
          <CardDescription>{t('account.password.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <CurrentPasswordField
            id="change-password-current"
            field={register('currentPassword')}
            error={errors.currentPassword?.message}
          />
          <NewPasswordFields idPrefix="change-password" register={register} errors={errors} />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('account.password.submitting') : t('account.password.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
