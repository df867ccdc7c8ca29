import { UserCheck, UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { useUser } from '@/lib/auth/get-user';
import type { ApplicationDetail } from '@/types/api';
import { useAssignment } from '../api/assign-application';

/** Who works on the application (issue 17, Work sharing): take it on in one click, or let it go. */
export function AssigneeControl({ id, application }: { id: string; application: ApplicationDetail }) {
  const { t } = useTranslation('applications');
  const { user } = useUser();
  const assignment = useAssignment(id);
  const failureToast = useFailureToast();
  const { assignee } = application;
  const mine = assignee !== null && assignee.id === user?.id;

  const change = (toMe: boolean) =>
    assignment.mutate(toMe, {
      onSuccess: () => toast({ title: t(toMe ? 'detail.assignee.toast.assigned' : 'detail.assignee.toast.released') }),
      onError: (error) => failureToast(t('detail.assignee.toast.failed'), error),
    });

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="assignee">
      <p className="text-sm text-slate-700">
        {assignee
          ? t('detail.assignee.assigned', { name: mine ? t('detail.assignee.you') : assignee.name })
          : t('detail.assignee.none')}
      </p>
      {!mine && (
        <Button size="sm" onClick={() => change(true)} disabled={assignment.isPending}>
          <UserCheck className="h-4 w-4" aria-hidden="true" />
          {t('detail.assignee.assignToMe')}
        </Button>
      )}
      {assignee && (
        <Button size="sm" variant="secondary" onClick={() => change(false)} disabled={assignment.isPending}>
          <UserMinus className="h-4 w-4" aria-hidden="true" />
          {t('detail.assignee.unassign')}
        </Button>
      )}
    </div>
  );
}
