import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { homePathFor, USER_QUERY_KEY } from '@/lib/auth/get-user';
import type { User } from '@/types/api';
import { EidPanel } from './EidPanel';

/** The login tab's Smart-ID, Mobiil-ID and ID-kaart (issue 34): signed in, the user goes home as after a password. */
export function EidSignIn() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onDone = (user: User) => {
    queryClient.setQueryData(USER_QUERY_KEY, user);
    toast({ title: t('toast.loginSuccess.title'), description: t('toast.loginSuccess.description') });
    void navigate(homePathFor(user));
  };
  return <EidPanel purpose="login" onDone={onDone} />;
}
