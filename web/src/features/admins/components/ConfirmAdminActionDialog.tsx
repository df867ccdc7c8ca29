import { KeyRound, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { useAdminAction, type AdminAccount, type AdminAction } from '../api/admins';

/** The locale keys of each action, under admins:actions. */
const KEYS = { deactivate: 'deactivate', 'reset-second-factor': 'resetSecondFactor' } as const;
const ICONS = { deactivate: UserX, 'reset-second-factor': KeyRound } as const;

/**
 * Issue 15: deactivating an admin (their sessions end at once) and resetting their second factor (they enrol
 * again) are asked to be confirmed first, naming the admin.
 */
export function ConfirmAdminActionDialog({ admin, action }: { admin: AdminAccount; action: AdminAction }) {
  const { t } = useTranslation('admins', { keyPrefix: `actions.${KEYS[action]}` });
  const [open, setOpen] = useState(false);
  const run = useAdminAction(action);
  const failureToast = useFailureToast();
  const Icon = ICONS[action];

  const onOpenChange = (next: boolean) => {
    if (run.isPending) return;
    setOpen(next);
  };

  // A deactivated admin's row drops its buttons, and this dialog with them: mutate's own callbacks would go
  // too, so the toast waits on the promise instead.
  const confirm = () =>
    void run.mutateAsync(admin.id).then(
      () => {
        setOpen(false);
        toast({ title: t('done'), description: admin.fullName });
      },
      (error: unknown) => failureToast(t('failed'), error),
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant={action === 'deactivate' ? 'destructive' : 'secondary'} aria-label={t('named', { name: admin.fullName })}>
          <Icon className="h-4 w-4" aria-hidden="true" />
          {t('button')}
        </Button>
      </DialogTrigger>
      {/* A confirmation of a step that cannot be taken back: announced as an alert dialog. */}
      <DialogContent size="sm" role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description', { name: admin.fullName, email: admin.email })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={run.isPending}>
              {t('cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={run.isPending}>
            {run.isPending ? t('running') : t('confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
