import { Ban } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useUpdateStatus } from '../api';
import { REJECT_DELAY_MS, rejectBody } from '../status-update-rule';
import { useStatusUpdateToasts } from './use-status-update-toasts';

/** Spec §2, §4: confirmation that rejection is irreversible; sends after 100 ms with the notes or a default reason. */
export function RejectDialog({ id }: { id: string }) {
  const { t } = useTranslation('applications');
  const update = useUpdateStatus(id);
  const toasts = useStatusUpdateToasts();
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState('');
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const busy = waiting || update.isPending;

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) setNotes('');
  };

  const confirm = () => {
    setWaiting(true);
    const body = rejectBody(notes);
    timer.current = setTimeout(() => {
      setWaiting(false);
      update.mutate(body, {
        onSuccess: (detail) => {
          setOpen(false);
          setNotes('');
          toasts.success(detail.status);
        },
        onError: toasts.failure,
      });
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
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('detail.reject.title')}</DialogTitle>
          <DialogDescription>{t('detail.reject.description')}</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-1.5">
          <Label htmlFor="reject-notes">{t('detail.reject.notesLabel')}</Label>
          <Textarea
            id="reject-notes"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            placeholder={t('detail.reject.notesPlaceholder')}
            aria-describedby="reject-notes-hint"
            maxLength={5000}
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
          <Button variant="destructive" onClick={confirm} disabled={busy}>
            {busy ? t('detail.reject.rejecting') : t('detail.reject.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
