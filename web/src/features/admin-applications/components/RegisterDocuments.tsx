import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { contractAsiceUrl, currentDocument, type EidDocumentKind } from '@/lib/eid-documents';
import type { AdminContract } from '@/types/api';
import { useRegisterDocuments } from '../api/get-register-documents';

const EID_METHODS = new Set(['smart_id', 'mobile_id', 'id_card']);

/**
 * On the admin's company card (issues 33, 36): the board member's consent for the register, unsigned or signed,
 * and a resignation letter once one is made; each signed one's ASiC-E container for the register filing.
 */
export function RegisterDocuments({ applicationId, userId }: { applicationId: number; userId: number }) {
  const { t } = useTranslation('eidDocuments');
  const documents = useRegisterDocuments(userId);
  if (documents.isPending) return <Spinner label={t('admin.loading')} />;
  if (documents.isError) return <p className="text-sm text-danger-700">{t('admin.failed')}</p>;
  const consent = currentDocument(documents.data, 'board_consent', applicationId);
  const resignation = currentDocument(documents.data, 'resignation', applicationId);
  return (
    <section aria-labelledby="register-documents-title" className="flex flex-col gap-3 rounded-lg border border-slate-200 px-4 py-3">
      <h3 id="register-documents-title" className="text-sm font-semibold text-slate-900">
        {t('admin.title')}
      </h3>
      <ul className="flex flex-col gap-3">
        <DocumentRow kind="board_consent" document={consent} />
        {resignation && <DocumentRow kind="resignation" document={resignation} />}
      </ul>
    </section>
  );
}

function DocumentRow({ kind, document }: { kind: EidDocumentKind; document: AdminContract | null }) {
  const { t, i18n } = useTranslation('eidDocuments');
  const name = t(kind === 'board_consent' ? 'admin.consent' : 'admin.resignation');
  const state = !document
    ? t('admin.none')
    : document.signedAt
      ? t('admin.signedOn', { date: formatDate(document.signedAt, i18n.language) })
      : t('admin.unsigned');
  return (
    <li className="flex flex-col gap-1.5 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between" data-testid={`register-${kind}`}>
      <p className="min-w-0">
        <span className="block text-sm text-slate-500">{name}</span>
        <span className="block font-medium text-slate-900">{state}</span>
      </p>
      {document?.signedAt && document.signatureMethod && EID_METHODS.has(document.signatureMethod) && (
        <a
          href={contractAsiceUrl(document.id)}
          download
          className={buttonClasses('secondary', 'sm', 'self-start')}
          aria-label={t('admin.downloadNamed', { document: name })}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('admin.download')}
        </a>
      )}
    </li>
  );
}
