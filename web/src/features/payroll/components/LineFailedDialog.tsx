import { zodResolver } from '@hookform/resolvers/zod';
import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormDialog, serverFieldError } from '@/components/ui/form-dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import type { PayRunLine } from '@/types/api';
import { markLineFailed, useRunAction, type LineFailedInput } from '../api/pay-runs';

const REASON_MAX = 500;
const schema = z.object({ reason: z.string().trim().min(1).max(REASON_MAX) });

/** Issue 23: the bank did not pay a line; its payment goes back to the pool with the reason, shown to the person. */
export function LineFailedDialog({ runId, line }: { runId: number; line: PayRunLine }) {
  const { t } = useTranslation('payroll');
  const [open, setOpen] = useState(false);
  const fail = useRunAction((body: LineFailedInput) => markLineFailed(runId, line.id, body));
  const failureToast = useFailureToast();
  const form = useForm<LineFailedInput>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const error = serverFieldError(form.formState.errors.reason);

  const onSubmit = (body: LineFailedInput) =>
    fail.mutate(body, {
      onSuccess: () => {
        toast({ title: t('lineFailed.done'), description: line.fullName });
        setOpen(false);
      },
      onError: (failure) => {
        applyServerFieldErrors(failure, ['reason'], form.setError);
        failureToast(t('lineFailed.failed'), failure);
      },
    });

  return (
    <FormDialog
      ns="payroll"
      keyPrefix="lineFailed"
      size="sm"
      open={open}
      onOpenChange={setOpen}
      form={form}
      onSubmit={onSubmit}
      onInvalid={() => toast({ title: t('lineFailed.incomplete'), variant: 'destructive' })}
      pending={fail.isPending}
      trigger={
        <Button size="sm" variant="secondary" aria-label={t('lineFailed.named', { name: line.fullName })}>
          <XCircle className="h-4 w-4" aria-hidden="true" />
          {t('lineFailed.open')}
        </Button>
      }
    >
      <FormField id="line-failed-reason" label={t('lineFailed.label')} error={error}>
        <Textarea
          id="line-failed-reason"
          maxLength={REASON_MAX}
          {...form.register('reason')}
          {...invalidProps('line-failed-reason', error)}
        />
      </FormField>
    </FormDialog>
  );
}
