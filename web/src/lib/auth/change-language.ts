import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { apiJson } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import type { IdentitySchemas, Language, User } from '@/types/api';
import { USER_QUERY_KEY } from './get-user';

export type SetLanguageInput = IdentitySchemas['LanguageRequest'];

/** POST /api/set-language: saves the signed-in user's language and answers the user (spec §4). */
export function setLanguage(body: SetLanguageInput): Promise<User> {
  return apiJson<User>('POST', '/api/set-language', body);
}

/**
 * Switches the UI language at once; a signed-in user's choice is also saved on the server
 * (spec §4). The cached user is updated first so the "user's saved language wins" sync does not
 * switch back while the request is in flight.
 */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('common');
  const errorText = useErrorText();

  const { mutate: saveLanguage } = useMutation({
    mutationFn: (language: Language) => setLanguage({ language }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
    onError: (error) => {
      toast({ title: t('toast.languageFailed'), description: errorText(error), variant: 'destructive' });
    },
  });

  return useCallback(
    (language: Language) => {
      if (language === currentLanguage(i18n)) return;
      void i18n.changeLanguage(language);
      const user = queryClient.getQueryData<User | null>(USER_QUERY_KEY);
      if (user) {
        queryClient.setQueryData<User>(USER_QUERY_KEY, { ...user, language });
        saveLanguage(language);
      }
    },
    [i18n, queryClient, saveLanguage],
  );
}
