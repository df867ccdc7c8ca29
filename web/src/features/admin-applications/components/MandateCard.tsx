import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MandateStatusBadge, MandateTimeline } from '@/components/applications/MandateTimeline';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { isDateFieldValue } from '@/components/ui/date-text';
import { serverFieldError } from '@/components/ui/form-dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { parseApiError } from '@/lib/api-client';
import { todayInTallinn } from '@/lib/dates';
import type { Mandate } from '@/types/api';
import { useApplicationMandate, useRecordMandate, type MandateInput } from '../api/mandate';

/** Both dates optional; a text that is not a date (the DateField's 'invalid') stops the form. */
const schema = z
  .object({ appointedOn: z.string().refine(isDateFieldValue), removedOn: z.string().refine(isDateFieldValue) })
  .transform(({ appointedOn, removedOn }): MandateInput => ({ appointedOn: appointedOn || null, removedOn: removedOn || null }));

type Values = z.input<typeof schema>;
const FIELDS = ['appointedOn', 'removedOn'] as const;

/**
 * The mandate on the applicant's file (issue 36): its status and timeline, and the Business Register's
 * appointment and removal entry dates, which the admin records as the register shows them (neither in the
 * future; the server also holds the removal to the appointment and answers in the admin's language).
 */
export function MandateCard({ id }: { id: string }) {
  const { t } = useTranslation('applications');
  const mandate = useApplicationMandate(id, true);
  if (mandate.isSuccess && mandate.data === null) return null;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Landmark className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('detail.mandate.title')}
        </CardTitle>
        {mandate.data && <MandateStatusBadge status={mandate.data.status} />}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {mandate.isPending ? (
          <Spinner label={t('detail.mandate.loading')} />
        ) : mandate.isError ? (
          <p className="text-sm text-danger-700">{t('detail.mandate.failed')}</p>
        ) : (
          mandate.data && (
            <>
              <MandateTimeline mandate={mandate.data} />
              <MandateForm id={id} mandate={mandate.data} />
            </>
          )
        )}
      </CardContent>
    </Card>
  );
}

function MandateForm({ id, mandate }: { id: string; mandate: Mandate }) {
  const { t } = useTranslation('applications');
  const { t: common } = useTranslation('common');
  const record = useRecordMandate(id);
  const failureToast = useFailureToast();
  const form = useForm<Values, unknown, MandateInput>({
    resolver: zodResolver(schema),
    defaultValues: { appointedOn: mandate.appointedOn ?? '', removedOn: mandate.removedOn ?? '' },
  });
  const { reset } = form;
  useEffect(() => {
    reset({ appointedOn: mandate.appointedOn ?? '', removedOn: mandate.removedOn ?? '' });
  }, [mandate.appointedOn, mandate.removedOn, reset]);
  const today = todayInTallinn();

  const submit = (body: MandateInput) =>
    record.mutate(body, {
      onSuccess: () => toast({ title: t('detail.mandate.saved') }),
      onError: (error) => {
        const { fields } = parseApiError(error);
        FIELDS.forEach((name, index) => {
          const message = fields[name];
          if (message) form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 || !fields.appointedOn });
        });
        failureToast(t('detail.mandate.failedToSave'), error);
      },
    });

  return (
    <form
      noValidate
      aria-label={t('detail.mandate.formTitle')}
      onSubmit={form.handleSubmit(submit, () =>
        toast({ title: common('dateField.invalid.title'), description: common('dateField.invalid.text'), variant: 'destructive' }),
      )}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 className="font-semibold text-slate-900">{t('detail.mandate.formTitle')}</h3>
      <p className="text-sm text-slate-600">{t('detail.mandate.formHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((name) => {
          const fieldId = `mandate-${name}`;
          const error = serverFieldError(form.formState.errors[name]);
          return (
            <FormField key={name} id={fieldId} label={t(`detail.mandate.${name}`)} error={error}>
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => (
                  <DateField id={fieldId} max={today} invalidValue="invalid" {...field} {...invalidProps(fieldId, error)} />
                )}
              />
            </FormField>
          );
        })}
      </div>
      <Button type="submit" className="self-start" disabled={record.isPending}>
        {record.isPending ? t('detail.mandate.saving') : t('detail.mandate.save')}
      </Button>
    </form>
  );
}
