import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { apiJson, parseApiError } from '@/lib/api-client';
import { homePathFor, USER_QUERY_KEY } from '@/lib/auth/get-user';
import type { IdentitySchemas, User } from '@/types/api';
import { MFA_REQUIRED } from './second-factor';

export type LoginInput = IdentitySchemas['LoginRequest'];

/** POST /api/login: signs in and answers the user (spec §7); `otp` is the second factor (issue 15). */
export function login(body: LoginInput): Promise<User> {
  return apiJson<User>('POST', '/api/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const errorText = useErrorText();

  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: t('toast.loginSuccess.title'), description: t('toast.loginSuccess.description') });
      void navigate(homePathFor(user));
    },
    onError: (error) => {
      // Not a failure: the account has a second factor, and the form now asks for its code.
      if (parseApiError(error).code === MFA_REQUIRED) return;
      toast({ title: t('toast.loginFailed'), description: errorText(error), variant: 'destructive' });
    },
  });
}
