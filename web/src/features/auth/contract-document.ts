import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/types/api';

export interface ContractSection {
  title: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface ContractDocument {
  title: string;
  dateLabel: string;
  employerLabel: string;
  registryCodeLabel: string;
  addressLabel: string;
  intro: string;
  sections: ContractSection[];
  signatures: {
    title: string;
    employer: string;
    authorizedSignatory: string;
    authorizedSignatoryName: string;
    employee: string;
    name: string;
    personalId: string;
    digitalSignature: string;
    signedDigitally: string;
  };
}

const CONTRACT_LANGUAGES: Language[] = ['et', 'en'];

function isContractDocument(value: unknown): value is ContractDocument {
  return typeof value === 'object' && value !== null && Array.isArray((value as ContractDocument).sections);
}

/**
 * The contract in both languages whatever the UI language (spec §2): each language's `contract`
 * namespace holds its own version, so the other language's file is loaded on demand.
 */
export function useBilingualContract(): Record<Language, ContractDocument> | null {
  const { i18n } = useTranslation();
  const missing = CONTRACT_LANGUAGES.filter((lng) => !i18n.hasResourceBundle(lng, 'contract'));
  const [loaded, setLoaded] = useState(missing.length === 0);

  useEffect(() => {
    if (loaded) return;
    let active = true;
    const absent = CONTRACT_LANGUAGES.filter((lng) => !i18n.hasResourceBundle(lng, 'contract'));
    void i18n.reloadResources(absent, ['contract']).then(() => active && setLoaded(true));
    return () => {
      active = false;
    };
  }, [loaded, i18n]);

  if (!loaded) return null;
  const et: unknown = i18n.getFixedT('et', 'contract')('document', { returnObjects: true });
  const en: unknown = i18n.getFixedT('en', 'contract')('document', { returnObjects: true });
  return isContractDocument(et) && isContractDocument(en) ? { et, en } : null;
}
