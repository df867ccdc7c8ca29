import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  isApplicationStatus,
  useApplicationStatusLabel,
} from '@/components/ui/application-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import type { ApplicationStatus } from '@/types/api';
import { useUpdateStatus } from '../api/update-application-status';
import { decideStatusUpdate } from '../status-update-rule';
import { useStatusUpdateToasts } from './use-status-update-toasts';

/**
 * The admin update rule of spec §4 as the form's schema: the values become the request body, or, when
 * neither the status nor the notes changed, one issue (answered with the 'Validation Error' toast).
 */
function statusUpdateSchema(current: ApplicationStatus) {
  // '': no status picked, so the current one (which the select shows).
  const status = z.union([z.literal(''), z.enum(APPLICATION_STATUSES)]);
  return z.object({ status, notes: z.string() }).transform(({ status: picked, notes }, context) => {
    const decision = decideStatusUpdate(current, picked || current, notes);
    if (decision.kind === 'send') return decision.body;
    context.addIssue({ code: 'custom', path: ['notes'], message: 'detail.toast.validation.description' });
    return z.NEVER;
  });
}

type Values = z.input<ReturnType<typeof statusUpdateSchema>>;
type Body = z.output<ReturnType<typeof statusUpdateSchema>>;

/** Status select plus notes, sent per the admin update rule of spec §4. */
export function UpdateStatusCard({ id, current }: { id: string; current: ApplicationStatus }) {
  const { t } = useTranslation('applications');
  const label = useApplicationStatusLabel();
  const update = useUpdateStatus(id);
  const toasts = useStatusUpdateToasts();
  const schema = useMemo(() => statusUpdateSchema(current), [current]);
  // Until the admin picks a status the select shows the current one, also after it changes.
  const { control, register, handleSubmit, reset } = useForm<Values, unknown, Body>({
    resolver: zodResolver(schema),
    defaultValues: { status: '', notes: '' },
  });

  const onSubmit = (body: Body) =>
    update.mutate(body, {
      onSuccess: (detail) => {
        reset();
        toasts.success(detail.status);
      },
      onError: toasts.failure,
    });

  const onInvalid = () =>
    toast({ title: t('detail.toast.validation.title'), description: t('detail.toast.validation.description') });

  return (
    <Card>
      <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} aria-label={t('detail.update.title')}>
        <CardHeader>
          <CardTitle className="text-lg">{t('detail.update.title')}</CardTitle>
          <CardDescription>{t('detail.update.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="status-select">{t('detail.update.statusLabel')}</Label>
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <Select value={field.value || current} onValueChange={(value) => isApplicationStatus(value) && field.onChange(value)}>
                  <SelectTrigger ref={field.ref} id="status-select" onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {APPLICATION_STATUSES.map((value) => (
                      <SelectItem key={value} value={value}>
                        {label(value)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="status-notes">{t('detail.update.notesLabel')}</Label>
            <Textarea
              id="status-notes"
              placeholder={t('detail.update.notesPlaceholder')}
              maxLength={5000}
              {...register('notes')}
            />
          </div>
          <Button type="submit" disabled={update.isPending} className="self-start">
            {update.isPending ? t('detail.update.submitting') : t('detail.update.submit')}
          </Button>
        </CardContent>
      </form>
    </Card>
  );
}
