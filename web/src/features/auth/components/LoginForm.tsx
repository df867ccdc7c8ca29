import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useLogin } from '../api/login';
import { loginSchema, type LoginValues } from '../schemas';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });

  return (
    <form noValidate aria-label={t('login.title')} onSubmit={handleSubmit((values) => login.mutate(values))} className="flex flex-col gap-5">
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
