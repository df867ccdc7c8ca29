import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/state-message';
import { useErrorText } from '@/hooks/use-error-text';
import { parseApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useConfirmPasswordReset } from '../api/password-reset';
import { resetPasswordSchema, type ResetPasswordValues } from '../schemas';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { NewPasswordFields } from './PasswordFields';
import { TokenPageShell } from './TokenPageShell';

const FIELDS = ['password', 'confirmPassword'] as const;

/** A used, expired or unknown link: say so and offer a new one right here. */
function InvalidLink() {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-6">
      <ErrorState title={t('reset.invalidToken.title')}>{t('reset.invalidToken.text')}</ErrorState>
      <section aria-labelledby="reset-request-new" className="flex flex-col gap-3">
        <h2 id="reset-request-new" className="text-lg font-semibold text-slate-900">
          {t('reset.requestNew')}
        </h2>
        <ForgotPasswordForm idPrefix="reset-request" />
      </section>
    </div>
  );
}

function PasswordSet() {
  const { t } = useTranslation('account');
  return (
    <div role="status" className="flex flex-col items-start gap-4">
      <p className="flex items-center gap-2 text-lg font-semibold text-success-600">
        <CheckCircle2 className="h-6 w-6 shrink-0" aria-hidden="true" />
        {t('reset.success.title')}
      </p>
      <p className="text-slate-700">{t('reset.success.text')}</p>
      <Link to="/auth" className={buttonClasses('primary')}>
        {t('reset.toLogin')}
      </Link>
    </div>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const confirm = useConfirmPasswordReset();
  const errorText = useErrorText();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (confirm.isSuccess) return <PasswordSet />;
  if (confirm.isError && parseApiError(confirm.error).code === 'invalid_token') return <InvalidLink />;

  const onSubmit = (values: ResetPasswordValues) =>
    confirm.mutate(
      { token, ...values },
      {
        // Every session of the account has ended, this browser's included.
        onSuccess: () => queryClient.invalidateQueries(),
        onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
      },
    );

  return (
    <form noValidate aria-label={t('reset.title')} onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
      <NewPasswordFields idPrefix="reset" register={register} errors={errors} />
      {confirm.isError && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {errorText(confirm.error)}
        </p>
      )}
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        {confirm.isPending ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  );
}

/** Issue 14: /reset-password?token=... sets a new password from the e-mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <TokenPageShell title={t('reset.title')} description={t('reset.description')}>
      {token ? <ResetPasswordForm token={token} /> : <InvalidLink />}
    </TokenPageShell>
  );
}
