import { zodResolver } from '@hookform/resolvers/zod';
import { Ban } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateStatus } from '../api/update-application-status';
import { REJECT_DELAY_MS, rejectBody } from '../status-update-rule';
import { useStatusUpdateToasts } from './use-status-update-toasts';

/** The reason is optional: empty notes send the default reason (spec §4). */
const schema = z.object({ notes: z.string() }).transform(({ notes }) => rejectBody(notes));

type Values = z.input<typeof schema>;
type Body = z.output<typeof schema>;

/** Spec §2, §4: confirmation that rejection is irreversible; sends after 100 ms with the notes or a default reason. */
export function RejectDialog({ id }: { id: string }) {
  const { t } = useTranslation('applications');
  const update = useUpdateStatus(id);
  const toasts = useStatusUpdateToasts();
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const { register, handleSubmit, reset } = useForm<Values, unknown, Body>({
    resolver: zodResolver(schema),
    defaultValues: { notes: '' },
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const busy = waiting || update.isPending;

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) reset();
  };

  const confirm = (body: Body) => {
    setWaiting(true);
    timer.current = setTimeout(() => {
      setWaiting(false);
      // Success makes the application 'rejected', and the page drops this dialog (no Reject on a rejected
      // application): mutate's own callbacks would go with it, so the toast waits on the promise instead.
      void update.mutateAsync(body).then((detail) => {
        setOpen(false);
        reset();
        toasts.success(detail.status);
      }, toasts.failure);
    }, REJECT_DELAY_MS);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Ban className="h-4 w-4" aria-hidden="true" />
          {t('detail.reject.button')}
        </Button>
      </DialogTrigger>
      {/* A confirmation of a destructive step: screen readers announce it as an alert dialog (issue 18). */}
      <DialogContent size="sm" role="alertdialog">
        {/* handleSubmit is called in the event: its handler uses a ref, which render must not reach. */}
        <form noValidate onSubmit={(event) => void handleSubmit(confirm)(event)} className="flex min-h-0 flex-col">
          <DialogHeader>
            <DialogTitle>{t('detail.reject.title')}</DialogTitle>
            <DialogDescription>{t('detail.reject.description')}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-1.5">
            <Label htmlFor="reject-notes">{t('detail.reject.notesLabel')}</Label>
            <Textarea
              id="reject-notes"
              placeholder={t('detail.reject.notesPlaceholder')}
              aria-describedby="reject-notes-hint"
              maxLength={5000}
              {...register('notes')}
            />
            <p id="reject-notes-hint" className="text-sm text-slate-500">
              {t('detail.reject.notesHint')}
            </p>
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>
                {t('detail.reject.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? t('detail.reject.rejecting') : t('detail.reject.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
