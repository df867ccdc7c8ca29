import { Download, LogOut, PenLine } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
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
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate } from '@/lib/dates';
import {
  contractAsiceUrl,
  isAwaitingSignature,
  MAX_RESIGNATION_REASON,
  resignationNeedsReason,
  signLink,
} from '@/lib/eid-documents';
import { useMakeResignation, useOwnResignation, useWithdrawResignation } from '../api/eid-documents';

/**
 * Resigning (issue 36): from the term's last day on, or before it for cause (a reason), the board member makes a
 * letter to the company's shareholders and signs it with eID in the Contracts tab's sign dialog. An unsigned
 * letter can be signed or withdrawn; a signed one downloaded.
 */
export function ResignAction({ plannedEnd, removed }: { plannedEnd: string | null; removed: boolean }) {
  const { t, i18n } = useTranslation('eidDocuments');
  const letter = useOwnResignation(true);
  const withdraw = useWithdrawResignation();
  const failureToast = useFailureToast();
  if (letter.isPending || letter.isError) return null;
  const current = letter.data;

  if (current?.signedAt) {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4" data-testid="resignation">
        <p className="text-sm leading-relaxed text-slate-700">
          {t('resign.signed', { date: formatDate(current.signedAt, i18n.language) })}
        </p>
        <a href={contractAsiceUrl(current.id)} download className={buttonClasses('secondary', 'sm', 'self-start')}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('resign.download')}
        </a>
      </div>
    );
  }
  if (current && isAwaitingSignature(current)) {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-primary-300 bg-primary-50/40 p-4" data-testid="resignation">
        <p className="text-sm leading-relaxed text-slate-700">{t('resign.pending')}</p>
        <div className="flex flex-wrap gap-2">
          <Link to={signLink(current.id)} className={buttonClasses('primary', 'sm')}>
            <PenLine className="h-4 w-4" aria-hidden="true" />
            {t('resign.signLetter')}
          </Link>
          <Button
            variant="secondary"
            size="sm"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(undefined, {
                onSuccess: () => toast({ title: t('resign.withdrawn') }),
                onError: (error) => failureToast(t('resign.withdrawFailed'), error),
              })
            }
          >
            {t('resign.withdraw')}
          </Button>
        </div>
      </div>
    );
  }
  if (removed) return null;
  return <ResignDialog plannedEnd={plannedEnd} />;
}

function ResignDialog({ plannedEnd }: { plannedEnd: string | null }) {
  const { t, i18n } = useTranslation('eidDocuments');
  const navigate = useNavigate();
  const make = useMakeResignation();
  const failureToast = useFailureToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonId = useId();
  const needsReason = resignationNeedsReason(plannedEnd);
  const description =
    plannedEnd === null
      ? t('resign.descriptionNoTerm')
      : needsReason
        ? t('resign.descriptionForCause', { end: formatDate(plannedEnd, i18n.language) })
        : t('resign.descriptionEnded');

  const onOpenChange = (next: boolean) => {
    if (make.isPending) return;
    setOpen(next);
    if (!next) {
      setReason('');
      setMissing(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = reason.trim();
    if (needsReason && !given) {
      setMissing(true);
      return;
    }
    // The new letter replaces this dialog with its own block (the letter's query refetches), so mutate's own
    // callbacks would go with it: the sign dialog opens on the promise instead.
    void make.mutateAsync(given || null).then(
      (letter) => {
        setOpen(false);
        void navigate(signLink(letter.id));
      },
      (error: unknown) => failureToast(t('resign.failed'), error),
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="self-start">
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {t('resign.button')}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm">
        <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
          <DialogHeader>
            <DialogTitle>{t('resign.title')}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-1.5">
            <Label htmlFor={reasonId}>{needsReason ? t('resign.reasonLabel') : t('resign.reasonOptional')}</Label>
            <Textarea
              id={reasonId}
              value={reason}
              maxLength={MAX_RESIGNATION_REASON}
              required={needsReason}
              aria-invalid={missing || undefined}
              aria-describedby={`${reasonId}-hint${missing ? ` ${reasonId}-error` : ''}`}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
            />
            <p id={`${reasonId}-hint`} className="text-sm text-slate-500">
              {t('resign.reasonHint')}
            </p>
            {missing && (
              <p id={`${reasonId}-error`} role="alert" className="text-sm text-danger-700">
                {t('resign.reasonRequired')}
              </p>
            )}
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={make.isPending}>
                {t('resign.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={make.isPending}>
              {make.isPending ? t('resign.making') : t('resign.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
