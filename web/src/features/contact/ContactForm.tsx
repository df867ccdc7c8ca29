import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input, inputClasses } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { cn } from '@/lib/utils';
import { useContactErrorText, useSendContact } from './api/send-contact';
import { CONTACT_DEFAULTS, CONTACT_FIELDS, contactSchema, type ContactValues } from './schema';

/**
 * The landing page's contact form (spec §2, §4): idle → submitting (button disabled, sending label) →
 * success (form reset, 'Message Sent') or failure (values kept, 'Message Not Sent').
 */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const send = useSendContact();
  const errorText = useContactErrorText();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: CONTACT_DEFAULTS });

  const onSubmit = (values: ContactValues) =>
    send.mutate(values, {
      onSuccess: () => {
        reset(CONTACT_DEFAULTS);
        toast({ title: t('toast.success.title'), description: t('toast.success.description') });
      },
      onError: (error) => {
        applyServerFieldErrors(error, CONTACT_FIELDS, setError);
        toast({ title: t('toast.failure.title'), description: errorText(error), variant: 'destructive' });
      },
    });

  return (
    <form noValidate aria-label={t('form.label')} onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label={t('form.name')} error={errors.name?.message}>
          <Input id="contact-name" autoComplete="name" {...register('name')} {...invalidProps('contact-name', errors.name?.message)} />
        </FormField>
        <FormField id="contact-email" label={t('form.email')} error={errors.email?.message}>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            {...register('email')}
            {...invalidProps('contact-email', errors.email?.message)}
          />
        </FormField>
      </div>
      <FormField id="contact-subject" label={t('form.subject')} error={errors.subject?.message}>
        <Input id="contact-subject" {...register('subject')} {...invalidProps('contact-subject', errors.subject?.message)} />
      </FormField>
      <FormField id="contact-message" label={t('form.message')} error={errors.message?.message}>
        <textarea
          id="contact-message"
          rows={5}
          className={cn(inputClasses, 'h-auto min-h-32 resize-y py-2.5 leading-relaxed')}
          {...register('message')}
          {...invalidProps('contact-message', errors.message?.message)}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-fit">
        <Send className="h-4 w-4" aria-hidden="true" />
        {send.isPending ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}
