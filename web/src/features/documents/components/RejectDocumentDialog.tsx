import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useReviewDocument } from '../api/review-document';

export const MAX_REASON_LENGTH = 1000;

/** Issue 17: a rejection needs its reason (1 to 1000 characters once trimmed); the applicant reads it. */
const schema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'documents:reject.required')
    .max(MAX_REASON_LENGTH, 'documents:reject.tooLong'),
});
type Values = z.input<typeof schema>;

export interface RejectTarget {
  id: number;
  name: string;
}

interface Props {
  /** The document to reject; null keeps the dialog closed. */
  document: RejectTarget | null;
  onClose: () => void;
}

/** Asks for the reason, then sends PUT status rejected with it. */
export function RejectDocumentDialog({ document, onClose }: Props) {
  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="sm" role="alertdialog">{document && <RejectForm document={document} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function RejectForm({ document, onClose }: { document: RejectTarget; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const failureToast = useFailureToast();
  const review = useReviewDocument();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const id = `${useId()}-reason`;
  const error = form.formState.errors.reason?.message;

  const onSubmit = ({ reason }: Values) =>
    review.mutate(
      { id: document.id, status: 'rejected', reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t('admin.toast.rejected'), description: document.name });
          onClose();
        },
        onError: (err) => {
          applyServerFieldErrors(err, ['reason'], form.setError);
          failureToast(t('admin.toast.updateStatusError'), err);
        },
      },
    );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="flex min-h-0 flex-col">
      <DialogHeader>
        <DialogTitle className="break-words">{t('reject.title', { name: document.name })}</DialogTitle>
        <DialogDescription>{t('reject.description')}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <FormField id={id} label={t('reject.reason')} error={error}>
          <Textarea
            id={id}
            rows={4}
            maxLength={MAX_REASON_LENGTH}
            aria-required="true"
            placeholder={t('reject.reasonPlaceholder')}
            {...form.register('reason')}
            {...invalidProps(id, error)}
          />
        </FormField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {t('reject.cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={review.isPending}>
          {review.isPending ? t('reject.submitting') : t('reject.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
