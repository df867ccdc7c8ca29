import { CheckCircle2, Download, FileArchive, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDate, formatDateTime } from '@/lib/dates';
import type { AdminContract, Contract } from '@/types/api';
import { contractAsiceUrl } from '../api/esign';
import { canSign, contractPdfUrl, isSigned, signedWithEid } from '../rules';
import { useContractTitle } from '../use-contract-title';
import { ContractStatusBadge } from './ContractStatusBadge';

interface Props {
  contract: Contract | AdminContract | null;
  onOpenChange: (open: boolean) => void;
  /** The admin view names the applicant and shows a "signed" notice (spec §2 admin Contracts). */
  admin?: boolean;
  /** The applicant's view offers Sign for a contract that can still be signed (issue 13). */
  onSign?: (contract: Contract) => void;
}

/** Spec §2: title, created date, the content with its line breaks and, once signed, date and signature. */
export function ContractViewDialog({ contract, onOpenChange, admin = false, onSign }: Props) {
  const { t, i18n } = useTranslation(['contracts', 'esign']);
  const title = useContractTitle();
  const user = contract && 'user' in contract ? contract.user : null;

  return (
    <Dialog open={contract !== null} onOpenChange={onOpenChange}>
      {contract && (
        <DialogContent size="md">
          <DialogHeader>
            <DialogTitle className="break-words">{title(contract)}</DialogTitle>
            <DialogDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>{t('view.created', { date: formatDate(contract.createdAt, i18n.language) })}</span>
              {contract.expiresAt && (
                <span>{t('view.expires', { date: formatDate(contract.expiresAt, i18n.language) })}</span>
              )}
              <ContractStatusBadge status={contract.status} />
            </DialogDescription>
            {admin && user && (
              <p className="text-sm text-slate-700">
                {t('view.for', { name: user.fullName, email: user.email })}
              </p>
            )}
          </DialogHeader>
          <DialogBody className="flex flex-col gap-5">
            {/* A focusable, named scroll area: Tab stops on it and the arrow keys scroll it (issue 18). */}
            <div
              role="region"
              aria-label={t('view.content')}
              data-testid="contract-content"
              tabIndex={0}
              className="max-h-[400px] overflow-y-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              {contract.content}
            </div>
            {isSigned(contract) && contract.signedAt && (
              <section aria-label={t('view.signature')} className="flex flex-col gap-3">
                {admin && (
                  <p className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-800">
                    <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
                    {t('view.signedNotice')}
                  </p>
                )}
                <p className="text-sm text-slate-700">
                  {t('view.signedOn', { date: formatDateTime(contract.signedAt, i18n.language) })}
                </p>
                {contract.signatureMethod && (
                  <p className="text-sm text-slate-700" data-testid="signature-method">
                    {t('esign:viewMethod', { method: t(`esign:methods.${contract.signatureMethod}`) })}
                  </p>
                )}
                {contract.signatureData && (
                  <img
                    src={contract.signatureData}
                    alt={t('view.signatureAlt')}
                    className="h-auto w-full max-w-[300px] rounded-lg border border-slate-200 bg-white"
                  />
                )}
              </section>
            )}
          </DialogBody>
          {isSigned(contract) && (
            <DialogFooter>
              <a href={contractPdfUrl(contract.id)} download className={buttonClasses('secondary')}>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t('actions.pdf')}
              </a>
              {signedWithEid(contract) && (
                <a href={contractAsiceUrl(contract.id)} download className={buttonClasses('secondary')}>
                  <FileArchive className="h-4 w-4" aria-hidden="true" />
                  {t('esign:signed.download')}
                </a>
              )}
            </DialogFooter>
          )}
          {onSign && canSign(contract) && (
            <DialogFooter>
              <Button onClick={() => onSign(contract)}>
                <PenLine className="h-4 w-4" aria-hidden="true" />
                {t('actions.sign')}
              </Button>
            </DialogFooter>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
