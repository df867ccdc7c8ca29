import { useTranslation } from 'react-i18next';
import { ContractText } from '@/features/auth/components/ContractText';
import { BILINGUAL_CONTRACT } from '@/features/auth/contract-document';
import { ConsentPage as ConsentForm } from '@/features/consent';

/**
 * /consent (issue 16 "Consent"): the consent feature's page, with the employment contract text in both languages
 * as registration shows it, for when a new version of it waits to be accepted.
 */
export function ConsentPage() {
  const { t } = useTranslation('contract');
  const contract = (
    <>
      <ContractText document={BILINGUAL_CONTRACT.et} language="et" heading={t('dialog.versionEt')} signedName="" signedIdCode="" />
      <ContractText document={BILINGUAL_CONTRACT.en} language="en" heading={t('dialog.versionEn')} signedName="" signedIdCode="" />
    </>
  );
  return <ConsentForm contractText={contract} />;
}
