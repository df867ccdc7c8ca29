import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state-message';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDateTime } from '@/lib/dates';
import { REASON_MAX_LENGTH, useOwnErasure, useRequestErasure, type OwnErasureRequest } from '../api/erasure';
import { formatDueDate } from '../dates';

const reasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: 'erasure:card.form.reasonRequired' })
    .max(REASON_MAX_LENGTH, { message: 'erasure:card.form.reasonTooLong' }),
});
type ReasonValues = z.input<typeof reasonSchema>;
type ReasonBody = z.output<typeof reasonSchema>;

/**
 * Issue 16, Erasure (Art. 17): 'POST /api/privacy/erasure {reason} from the profile.' The applicant gives a
 * reason and confirms after reading what happens (what the law makes us keep for 7 years, and that the account
 * can no longer sign in); then the request waits with its due date, or shows the refusal and its reason.
 */
export function ErasureCard() {
  const { t } = useTranslation('erasure');
  const own = useOwnErasure();
  const errorText = useErrorText();
  const latest = own.data ?? null;
  const open = latest !== null && latest.status !== 'refused';

  return (
    <TabCard title={t('card.title')} description={t('card.description')}>
      <div data-testid="erasure-card" className="flex flex-col gap-5">
        {own.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('card.loading')} />
          </div>
        ) : own.error ? (
          <LoadError title={t('card.loadFailed')}>{errorText(own.error)}</LoadError>
        ) : (
          <>
            {latest && <RequestStatus request={latest} />}
            {!open && <ErasureForm />}
          </>
        )}
      </div>
    </TabCard>
  );
}

function RequestStatus({ request }: { request: OwnErasureRequest }) {
  const { t, i18n } = useTranslation('erasure');
  const tone = request.status === 'refused' ? 'red' : request.status === 'pending' ? 'amber' : 'green';
  return (
    <section aria-label={t('card.statusLabel')} data-testid="erasure-status" className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={tone}>{t(`status.${request.status}`)}</Badge>
        <span className="text-sm text-slate-600">
          {t('card.requestedAt')} <time dateTime={request.requestedAt}>{formatDateTime(request.requestedAt, i18n.language)}</time>
        </span>
      </div>
      <p className="text-slate-900">{t(`card.state.${request.status}`)}</p>
      {request.status === 'pending' && (
        <p className="text-sm text-slate-700" data-testid="erasure-due-date">
          {t('card.dueDate')} <time dateTime={request.dueDate}>{formatDueDate(request.dueDate, i18n.language)}</time>
        </p>
      )}
      {request.status === 'refused' && request.decisionReason && (
        <p className="text-sm text-slate-700" data-testid="erasure-refusal">
          <span className="font-medium">{t('card.refusalReason')}</span> {request.decisionReason}
        </p>
      )}
      <p className="text-sm break-words text-slate-600">
        <span className="font-medium">{t('card.yourReason')}</span> {request.reason}
      </p>
    </section>
  );
}

function ErasureForm() {
  const { t } = useTranslation('erasure');
  const [confirming, setConfirming] = useState<string | null>(null);
  const ask = useRequestErasure();
  const failureToast = useFailureToast();
  const reasonId = useId();
  const { register, handleSubmit, reset, formState } = useForm<ReasonValues, unknown, ReasonBody>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
  });
  const error = formState.errors.reason?.message;

  const confirm = () => {
    if (confirming === null) return;
    ask.mutate(confirming, {
      onSuccess: () => {
        setConfirming(null);
        reset();
        toast({ title: t('card.sent') });
      },
      onError: (failure) => {
        setConfirming(null);
        failureToast(t('card.failed'), failure);
      },
    });
  };

  return (
    <>
      <form
        noValidate
        aria-label={t('card.form.label')}
        onSubmit={(event) => void handleSubmit(({ reason }) => setConfirming(reason))(event)}
        className="flex flex-col gap-4"
      >
        <p className="text-sm leading-relaxed text-slate-700">{t('card.explanation')}</p>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={reasonId}>{t('card.form.reason')}</Label>
          <Textarea id={reasonId} maxLength={REASON_MAX_LENGTH} {...register('reason')} {...invalidProps(reasonId, error)} />
          <FieldError id={reasonId} message={error} />
        </div>
        <Button type="submit" variant="destructive" className="self-start">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t('card.form.submit')}
        </Button>
      </form>
      <Dialog open={confirming !== null} onOpenChange={(next) => !next && !ask.isPending && setConfirming(null)}>
        {/* What cannot be taken back is confirmed in an alert dialog (issue 18). */}
        <DialogContent size="sm" role="alertdialog">
          <DialogHeader>
            <DialogTitle>{t('card.confirm.title')}</DialogTitle>
            <DialogDescription>{t('card.confirm.description')}</DialogDescription>
          </DialogHeader>
          <DialogBody>
            <ul className="flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed text-slate-700">
              <li>{t('card.confirm.erased')}</li>
              <li>{t('card.confirm.kept')}</li>
              <li>{t('card.confirm.signIn')}</li>
            </ul>
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={ask.isPending}>
                {t('card.confirm.cancel')}
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} disabled={ask.isPending}>
              {ask.isPending ? t('card.confirm.sending') : t('card.confirm.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
