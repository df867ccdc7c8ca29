import { MailCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-message';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { useEmailPreferences, useSaveEmailPreferences, type EmailPreferences } from '../api/email-preferences';

const CHOICES = ['reminders', 'statusUpdates'] as const satisfies readonly (keyof EmailPreferences)[];

/**
 * Issue 14 "E-mail preferences" on the profile tab: reminders and status e-mails can be turned off, each
 * change saved at once; security e-mails (password reset, e-mail change) always go, which the card says.
 */
export function EmailPreferencesCard() {
  const { t } = useTranslation('emails');
  const preferences = useEmailPreferences();
  const save = useSaveEmailPreferences();
  const failureToast = useFailureToast();

  const change = (choice: keyof EmailPreferences, on: boolean) => {
    if (!preferences.data) return;
    save.mutate(
      { ...preferences.data, [choice]: on },
      {
        onSuccess: () => toast({ title: t('preferences.saved') }),
        onError: (error) => failureToast(t('preferences.saveFailed'), error),
      },
    );
  };

  return (
    <Card data-testid="email-preferences">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{t('preferences.title')}</CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-4 pb-6 sm:px-6">
        {preferences.isPending ? (
          <Spinner label={t('preferences.loading')} />
        ) : preferences.isError ? (
          <EmptyState icon={MailCheck} title={t('preferences.loadFailed')} />
        ) : (
          <>
            {CHOICES.map((choice) => (
              <PreferenceChoice
                key={choice}
                choice={choice}
                checked={preferences.data[choice]}
                disabled={save.isPending}
                onChange={(on) => change(choice, on)}
              />
            ))}
            <p className="text-sm text-slate-600">{t('preferences.security')}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PreferenceChoice({
  choice,
  checked,
  disabled,
  onChange,
}: {
  choice: keyof EmailPreferences;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('emails');
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(state) => onChange(state === true)}
        aria-describedby={`${id}-hint`}
      />
      <div className="flex flex-col gap-0.5">
        <Label htmlFor={id}>{t(`preferences.${choice}.label`)}</Label>
        <span id={`${id}-hint`} className="text-sm text-slate-600">
          {t(`preferences.${choice}.hint`)}
        </span>
      </div>
    </div>
  );
}
