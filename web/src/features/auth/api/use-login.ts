import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { apiJson } from '@/lib/api-client';
import type { User } from '@/types/api';
import type { LoginPayload } from '../types';
import { homePathFor, USER_QUERY_KEY } from './use-user';

export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const errorText = useErrorText();

  return useMutation({
    mutationFn: (payload: LoginPayload) => apiJson<User>('POST', '/api/login', payload),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: t('toast.loginSuccess.title'), description: t('toast.loginSuccess.description') });
      void navigate(homePathFor(user));
    },
    onError: (error) => {
      toast({ title: t('toast.loginFailed'), description: errorText(error), variant: 'destructive' });
    },
  });
}
