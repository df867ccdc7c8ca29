import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
import type { ApplicationDetail, ApplicationStatus } from '@/types/api';
import { useUpdateStatus } from '../api/update-application-status';
import { decideStatusUpdate, handsOver } from '../status-update-rule';
import { HandoverClientField } from './ClientCase';
import { useStatusUpdateToasts } from './use-status-update-toasts';

/**
 * The admin update rule of spec §4 as the form's schema: the values become the request body, or, when
 * neither the status nor either note changed, one issue (answered with the 'Validation Error' toast).
 */
function statusUpdateSchema(current: ApplicationStatus, company: ApplicationDetail['company']) {
  // '': no status picked, so the current one (which the select shows).
  const status = z.union([z.literal(''), z.enum(APPLICATION_STATUSES)]);
  const fields = z.object({ status, notes: z.string(), internalNote: z.string(), clientId: z.string() });
  return fields.transform(({ status: picked, notes, internalNote, clientId }, context) => {
    const decision = decideStatusUpdate(current, picked || current, notes, internalNote);
    if (decision.kind === 'nothing') {
      context.addIssue({ code: 'custom', path: ['notes'], message: 'detail.toast.validation.description' });
      return z.NEVER;
    }
    if (!handsOver(decision.body.status, company)) return decision.body;
    if (!clientId) {
      context.addIssue({ code: 'custom', path: ['clientId'], message: 'handover:form.required.description' });
      return z.NEVER;
    }
    return { ...decision.body, clientId: Number(clientId) };
  });
}

type Values = z.input<ReturnType<typeof statusUpdateSchema>>;
type Body = z.output<ReturnType<typeof statusUpdateSchema>>;

/**
 * Status select plus two notes, sent per the admin update rule of spec §4. Issue 16, What each role sees: the
 * note to the applicant reaches their timeline and e-mail; the internal note is seen by admins only.
 */
export function UpdateStatusCard({
  id,
  current,
  company = null,
}: {
  id: string;
  current: ApplicationStatus;
  company?: ApplicationDetail['company'];
}) {
  const { t } = useTranslation('applications');
  const { t: handover } = useTranslation('handover');
  const label = useApplicationStatusLabel();
  const update = useUpdateStatus(id);
  const toasts = useStatusUpdateToasts();
  const schema = useMemo(() => statusUpdateSchema(current, company), [current, company]);
  // Until the admin picks a status the select shows the current one, also after it changes.
  const { control, register, handleSubmit, reset } = useForm<Values, unknown, Body>({
    resolver: zodResolver(schema),
    defaultValues: { status: '', notes: '', internalNote: '', clientId: '' },
  });
  const picked = useWatch({ control, name: 'status' }) || current;

  const onSubmit = (body: Body) =>
    update.mutate(body, {
      onSuccess: (detail) => {
        reset();
        toasts.success(detail.status);
      },
      onError: toasts.failure,
    });

  const onInvalid = (errors: { clientId?: unknown }) =>
    errors.clientId
      ? toast({ title: handover('form.required.title'), description: handover('form.required.description'), variant: 'destructive' })
      : toast({ title: t('detail.toast.validation.title'), description: t('detail.toast.validation.description') });

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
          {handsOver(picked, company) && <HandoverClientField control={control} name="clientId" />}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="status-notes">{t('detail.update.notesLabel')}</Label>
            <Textarea
              id="status-notes"
              placeholder={t('detail.update.notesPlaceholder')}
              aria-describedby="status-notes-hint"
              maxLength={5000}
              {...register('notes')}
            />
            <p id="status-notes-hint" className="text-sm text-slate-500">
              {t('detail.update.notesHint')}
            </p>
          </div>
          <div className="flex flex-col gap-1.5 rounded-md border border-amber-200 bg-amber-50 p-3">
            <Label htmlFor="status-internal-note" className="flex items-center gap-1.5">
              <Lock className="h-4 w-4 text-amber-700" aria-hidden="true" />
              {t('detail.update.internalNoteLabel')}
            </Label>
            <Textarea
              id="status-internal-note"
              placeholder={t('detail.update.internalNotePlaceholder')}
              aria-describedby="status-internal-note-hint"
              maxLength={5000}
              className="bg-white"
              {...register('internalNote')}
            />
            <p id="status-internal-note-hint" className="text-sm text-slate-600">
              {t('detail.update.internalNoteHint')}
            </p>
          </div>
          <Button type="submit" disabled={update.isPending} className="self-start">
            {update.isPending ? t('detail.update.submitting') : t('detail.update.submit')}
          </Button>
        </CardContent>
      </form>
    </Card>
  );
}
