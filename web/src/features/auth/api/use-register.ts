import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { apiJson } from '@/lib/api-client';
import type { User } from '@/types/api';
import type { RegisterPayload } from '../types';
import { USER_QUERY_KEY } from './use-user';

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const errorText = useErrorText();

  return useMutation({
    mutationFn: (payload: RegisterPayload) => apiJson<User>('POST', '/api/register', payload),
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
