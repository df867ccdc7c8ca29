import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { decideHit, useComplianceMutation, type HitDecision, type ScreeningHit } from '../api/compliance';
import { Field } from './fields';
import { useFieldErrors } from './field-helpers';
import { SimpleFormDialog } from './SimpleFormDialog';

/** Issue 35: a compliance officer clears a hit as a false positive or confirms it, with a reason. */
export function DecideHitDialog({ hit }: { hit: ScreeningHit }) {
  const { t } = useTranslation('compliance');
  const [open, setOpen] = useState(false);
  const [decision, setDecision] = useState<HitDecision>('false_positive');
  const [reason, setReason] = useState('');
  const decide = useComplianceMutation(decideHit);
  const failureToast = useFailureToast();
  const errors = useFieldErrors(decide.error);
  const id = `hit-${hit.id}`;

  const submit = () =>
    decide.mutate(
      { hitId: hit.id, decision, reason },
      {
        onSuccess: () => {
          toast({ title: t(`decide.done.${decision}`), description: hit.subjectName });
          setOpen(false);
        },
        onError: (failure) => failureToast(t('decide.failed'), failure),
      },
    );

  return (
    <SimpleFormDialog
      keyPrefix="decide"
      open={open}
      onOpenChange={(next) => {
        if (next) {
          decide.reset();
          setReason('');
          setDecision('false_positive');
        }
        setOpen(next);
      }}
      onSubmit={submit}
      pending={decide.isPending}
      trigger={
        <Button size="sm" variant="secondary" aria-label={t('decide.named', { name: hit.subjectName })}>
          {t('decide.open')}
        </Button>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">{t('decide.decision')}</legend>
        {(['false_positive', 'confirmed'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-decision`} value={value} checked={decision === value} onChange={() => setDecision(value)} />
            {t(`decide.${value}`)}
          </label>
        ))}
      </fieldset>
      <Field id={`${id}-reason`} label={t('decide.reason')} error={errors.reason}>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        />
      </Field>
    </SimpleFormDialog>
  );
}
