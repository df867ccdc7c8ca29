import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { apiJson } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth/get-user';
import type { IdentitySchemas, User } from '@/types/api';

/** Spec §3's register payload plus the signed contract's name and ID code and the UI language. */
export type RegisterInput = IdentitySchemas['RegisterRequest'];

/** POST /api/register: creates the account, signs in and answers the user (spec §7). */
export function register(body: RegisterInput): Promise<User> {
  return apiJson<User>('POST', '/api/register', body);
}

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const errorText = useErrorText();

  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: t('toast.registerSuccess.title'), description: t('toast.registerSuccess.description') });
      void navigate('/dashboard');
    },
    onError: (error) => {
      toast({ title: t('toast.registerFailed'), description: errorText(error), variant: 'destructive' });
    },
  });
}
