import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { currentLanguage } from '@/lib/i18n';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useInviteAdmin, type InviteAdminInput } from '../api/admins';
import { inviteAdminSchema, type InviteAdminValues } from '../schemas';

const LANGUAGES = ['et', 'en'] as const;
const SERVER_FIELDS = ['fullName', 'email', 'language'] as const;

/** Issue 15: invite an admin by e-mail (name, address, the e-mail's language); the link is valid 48 hours. */
export function InviteAdminDialog() {
  const { t, i18n } = useTranslation('admins');
  const [open, setOpen] = useState(false);
  const invite = useInviteAdmin();
  const failureToast = useFailureToast();
  const form = useForm<InviteAdminValues, unknown, InviteAdminInput>({
    resolver: zodResolver(inviteAdminSchema),
    defaultValues: { fullName: '', email: '', language: currentLanguage(i18n) },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) invite.reset();
  };

  const onSubmit = (body: InviteAdminInput) =>
    invite.mutate(body, {
      onSuccess: (invitation) => {
        toast({ title: t('invite.sent'), description: invitation.email });
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerFieldErrors(error, SERVER_FIELDS, form.setError);
        failureToast(t('invite.failed'), error);
      },
    });

  return (
    <FormDialog
      ns="admins"
      keyPrefix="invite"
      size="sm"
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={onSubmit}
      pending={invite.isPending}
      trigger={
        <Button>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {t('invite.open')}
        </Button>
      }
    >
      <FormField id="invite-full-name" label={t('invite.fullName')} error={errors.fullName?.message}>
        <Input
          id="invite-full-name"
          autoComplete="off"
          {...register('fullName')}
          {...invalidProps('invite-full-name', errors.fullName?.message)}
        />
      </FormField>
      <FormField id="invite-email" label={t('invite.email')} error={errors.email?.message}>
        <Input
          id="invite-email"
          type="email"
          autoComplete="off"
          {...register('email')}
          {...invalidProps('invite-email', errors.email?.message)}
        />
      </FormField>
      <FormField id="invite-language" label={t('invite.language')} error={errors.language?.message}>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger ref={field.ref} id="invite-language" onBlur={field.onBlur} aria-describedby="invite-language-hint">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LANGUAGES.map((language) => (
                  <SelectItem key={language} value={language}>
                    {t(`languages.${language}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <p id="invite-language-hint" className="text-sm text-slate-500">
          {t('invite.languageHint')}
        </p>
      </FormField>
    </FormDialog>
  );
}
