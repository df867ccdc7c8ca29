import { useTranslation } from 'react-i18next';

/** Why a document was rejected (issue 17), under its status; nothing when there is no reason. */
export function RejectionReason({ reason }: { reason: string | null | undefined }) {
  const { t } = useTranslation('documents');
  if (!reason) return null;
  return (
    <span className="max-w-[22rem] whitespace-pre-line break-words text-xs font-normal text-danger-700" data-testid="rejection-reason">
      {t('rejectionReason', { reason })}
    </span>
  );
}
