import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_STATUSES,
  isApplicationStatus,
  useApplicationStatusLabel,
  type ApplicationStatus,
} from '@/components/ui/application-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useUpdateStatus } from '../api';
import { decideStatusUpdate } from '../status-update-rule';
import { useStatusUpdateToasts } from './use-status-update-toasts';

/** Status select plus notes, sent per the admin update rule of spec §4. */
export function UpdateStatusCard({ id, current }: { id: string; current: ApplicationStatus }) {
  const { t } = useTranslation('applications');
  const label = useApplicationStatusLabel();
  const update = useUpdateStatus(id);
  const toasts = useStatusUpdateToasts();
  // null: follow the current status (also after it changes).
  const [selected, setSelected] = useState<ApplicationStatus | null>(null);
  const [notes, setNotes] = useState('');
  const status = selected ?? current;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const decision = decideStatusUpdate(current, status, notes);
    if (decision.kind === 'nothing') {
      toast({ title: t('detail.toast.validation.title'), description: t('detail.toast.validation.description') });
      return;
    }
    update.mutate(decision.body, {
      onSuccess: (detail) => {
        setNotes('');
        setSelected(null);
        toasts.success(detail.status);
      },
      onError: toasts.failure,
    });
  };

  return (
    <Card>
      <form noValidate onSubmit={onSubmit} aria-label={t('detail.update.title')}>
        <CardHeader>
          <CardTitle className="text-lg">{t('detail.update.title')}</CardTitle>
          <CardDescription>{t('detail.update.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="status-select">{t('detail.update.statusLabel')}</Label>
            <Select value={status} onValueChange={(value) => isApplicationStatus(value) && setSelected(value)}>
              <SelectTrigger id="status-select">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {APPLICATION_STATUSES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {label(value)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="status-notes">{t('detail.update.notesLabel')}</Label>
            <Textarea
              id="status-notes"
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              placeholder={t('detail.update.notesPlaceholder')}
              maxLength={5000}
            />
          </div>
          <Button type="submit" disabled={update.isPending} className="self-start">
            {update.isPending ? t('detail.update.submitting') : t('detail.update.submit')}
          </Button>
        </CardContent>
      </form>
    </Card>
  );
}
