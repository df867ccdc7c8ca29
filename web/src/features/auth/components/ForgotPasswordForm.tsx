import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useErrorText } from '@/hooks/use-error-text';
import { useRequestPasswordReset } from '../api/password-reset';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../schemas';

/**
 * Issue 14 "Password reset": asks for a username or e-mail and answers the same whether or not an account
 * has it, so the form cannot tell who has an account. Used in the login tab's dialog and on a dead link's page.
 */
export function ForgotPasswordForm({ defaultLogin = '', idPrefix = 'forgot' }: { defaultLogin?: string; idPrefix?: string }) {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const errorText = useErrorText();
  const answerRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { login: defaultLogin } });

  // The form gives way to the answer: focus follows, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (request.isSuccess) answerRef.current?.focus();
  }, [request.isSuccess]);

  if (request.isSuccess) {
    return (
      <p
        ref={answerRef}
        tabIndex={-1}
        role="status"
        className="flex items-start gap-3 rounded-lg bg-primary-50 p-4 text-slate-800 outline-none"
      >
        <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary-700" aria-hidden="true" />
        {t('forgot.sent')}
      </p>
    );
  }

  const id = `${idPrefix}-login`;
  return (
    <form
      noValidate
      aria-label={t('forgot.title')}
      onSubmit={(event) => {
        // The dialog is portalled out of the login form, but React still bubbles its submit up to it.
        event.stopPropagation();
        void handleSubmit((values) => request.mutate({ login: values.login }))(event);
      }}
      className="flex flex-col gap-4"
    >
      <FormField id={id} label={t('forgot.login')} error={errors.login?.message}>
        <Input id={id} autoComplete="username" {...register('login')} {...invalidProps(id, errors.login?.message)} />
      </FormField>
      {request.isError && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {errorText(request.error)}
        </p>
      )}
      <Button type="submit" disabled={request.isPending} className="self-start">
        {request.isPending ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
    </form>
  );
}
