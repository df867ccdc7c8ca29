import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/auth/get-user';
import { isSupportedLanguage } from '@/lib/i18n';

/**
 * When a user is loaded (page load or sign-in), their saved language overrides the detected one
 * (spec §4: the user wins). Done once per signed-in user so later switches in the UI are not undone.
 */
export function LanguageSync() {
  const { user } = useUser();
  const { i18n } = useTranslation();
  const syncedUserId = useRef<number | null>(null);

  useEffect(() => {
    if (!user) {
      syncedUserId.current = null;
      return;
    }
    if (syncedUserId.current === user.id) return;
    syncedUserId.current = user.id;
    if (isSupportedLanguage(user.language) && user.language !== i18n.resolvedLanguage) {
      void i18n.changeLanguage(user.language);
    }
  }, [user, i18n]);

  return null;
}
