import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { parseApiError } from '@/lib/api-client';
import { homePathFor, userQueryOptions } from '@/lib/auth/get-user';
import { EidSignIn } from '../eid/EidSignIn';
import { useLogin } from '../api/login';
import { MFA_REQUIRED } from '../api/second-factor';
import { loginSchema, type LoginValues } from '../schemas';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { PasskeySignIn } from './PasskeySignIn';

const isMfaRequired = (error: unknown) => parseApiError(error).code === MFA_REQUIRED;

/** Sign-in: the password, then (issue 15) the one-time code when the account has a second factor. */
export function LoginForm() {
  const [askingCode, setAskingCode] = useState<LoginValues | null>(null);
  if (askingCode) return <CodeStep credentials={askingCode} onBack={() => setAskingCode(null)} />;
  return (
    <div className="flex flex-col gap-6">
      <PasswordStep onCodeNeeded={setAskingCode} />
      {/* Issue 34: Smart-ID, Mobiil-ID and ID-kaart beside the password. */}
      <EidSignIn />
    </div>
  );
}

function PasswordStep({ onCodeNeeded }: { onCodeNeeded: (credentials: LoginValues) => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });

  const onSubmit = (values: LoginValues) =>
    login.mutate(values, { onError: (error) => isMfaRequired(error) && onCodeNeeded(values) });

  return (
    <form noValidate aria-label={t('login.title')} onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
      <FormField id="login-username" label={t('login.username')} error={errors.username?.message}>
        <Input
          id="login-username"
          autoComplete="username"
          {...register('username')}
          {...invalidProps('login-username', errors.username?.message)}
        />
      </FormField>
      <FormField id="login-password" label={t('login.password')} error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          {...invalidProps('login-password', errors.password?.message)}
        />
      </FormField>
      <ForgotPasswordDialog currentLogin={() => getValues('username')} />
      <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}

function CodeStep({ credentials, onBack }: { credentials: LoginValues; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => field.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('login.code.required'));
      field.current?.focus();
      return;
    }
    login.mutate(
      { ...credentials, otp: code.trim() },
      {
        onError: (failure) => {
          if (!isMfaRequired(failure)) return;
          setError(t('login.code.wrong'));
          field.current?.select();
        },
      },
    );
  };

  const onPasskey = async () => {
    const user = await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
    if (user) void navigate(homePathFor(user));
  };

  return (
    <div className="flex flex-col gap-5">
      <form noValidate aria-label={t('login.code.title')} onSubmit={onSubmit} className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h3 className="text-lg font-semibold text-slate-900">{t('login.code.title')}</h3>
          <p className="text-sm text-slate-600">{t('login.code.help')}</p>
        </div>
        <FormField id="login-code" label={t('login.code.label')} error={error}>
          <Input
            id="login-code"
            ref={field}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            aria-describedby={error ? 'login-code-error login-code-hint' : 'login-code-hint'}
            aria-invalid={error ? true : false}
          />
        </FormField>
        <p id="login-code-hint" className="text-sm text-slate-600">
          {t('login.code.recoveryHint')}
        </p>
        <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
          {login.isPending ? t('login.code.submitting') : t('login.code.submit')}
        </Button>
      </form>
      <PasskeySignIn username={credentials.username} password={credentials.password} onSignedIn={() => void onPasskey()} />
      <Button type="button" variant="ghost" onClick={onBack}>
        {t('login.code.back')}
      </Button>
    </div>
  );
}
