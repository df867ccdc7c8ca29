import { useTranslation } from 'react-i18next';
import { useApplicationStatusLabel } from '@/components/ui/application-status-badge';
import { toast } from '@/components/ui/use-toast';
import { useServerMessage } from '@/hooks/use-server-message';

/** The success and failure toasts of a status update (spec §8). */
export function useStatusUpdateToasts() {
  const { t } = useTranslation('applications');
  const label = useApplicationStatusLabel();
  const serverMessage = useServerMessage();
  return {
    success: (status: string) =>
      toast({ title: t('detail.toast.updated.title'), description: t('detail.toast.updated.description', { status: label(status) }) }),
    failure: (error: unknown) =>
      toast({
        title: t('detail.toast.failed.title'),
        description: serverMessage(error) ?? t('detail.toast.failed.description'),
        variant: 'destructive',
      }),
  };
}
