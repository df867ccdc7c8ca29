import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/**
 * The login tab's 'Forgot password?' (issue 14). The dialog traps focus, starts on the field and gives focus
 * back to the link when it closes; every opening starts a fresh form, prefilled with the login form's username.
 */
export function ForgotPasswordDialog({ currentLogin }: { currentLogin: () => string }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const changeOpen = (next: boolean) => {
    if (next) setOpening((count) => count + 1);
    setOpen(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="link" className="self-end text-sm">
          {t('forgot.link')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('forgot.title')}</DialogTitle>
          <DialogDescription>{t('forgot.description')}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <ForgotPasswordForm key={opening} defaultLogin={currentLogin()} />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
