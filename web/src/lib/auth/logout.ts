import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from './get-user';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const errorText = useErrorText();

  return useMutation({
    // The response body is not read (spec §7).
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      // Drop everything cached for the previous user, then record "signed out".
      queryClient.clear();
      queryClient.setQueryData(USER_QUERY_KEY, null);
      toast({ title: t('toast.logoutSuccess.title'), description: t('toast.logoutSuccess.description') });
      void navigate('/');
    },
    onError: (error) => {
      toast({ title: t('toast.logoutFailed'), description: errorText(error), variant: 'destructive' });
    },
  });
}
