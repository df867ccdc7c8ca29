import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import type { ApplicationStatus } from '@/types/api';
import { useApplyAgain } from '../api/apply-again';

/** Statuses after which the person may apply again (spec §1); the server holds the same rule. */
const CLOSED_STATUSES: readonly ApplicationStatus[] = ['rejected', 'completed'];

/** Starts a new application; shown only while the current one (of `status`) is rejected or completed. */
export function ApplyAgainCard({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('dashboard');
  const failureToast = useFailureToast();
  const { mutate, isPending } = useApplyAgain();
  if (!CLOSED_STATUSES.includes(status)) return null;

  const apply = () =>
    mutate(undefined, {
      onSuccess: ({ application }) =>
        toast({
          title: t('application.applyAgain.success.title'),
          description: t('application.applyAgain.success.text', { id: application.id }),
        }),
      onError: (error) => failureToast(t('application.applyAgain.failed'), error),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <RotateCcw className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('application.applyAgain.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4">
        <p className="leading-relaxed text-slate-700">{t('application.applyAgain.text')}</p>
        <Button onClick={apply} disabled={isPending}>
          {isPending ? t('application.applyAgain.pending') : t('application.applyAgain.button')}
        </Button>
      </CardContent>
    </Card>
  );
}
