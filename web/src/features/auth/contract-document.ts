import type { Language } from '@/types/api';
// The single source of the contract text: the contracts service renders the same files (spec §2).
import contractEn from '../../../../services/contracts/contracts/templates/employment_contract.en.json';
import contractEt from '../../../../services/contracts/contracts/templates/employment_contract.et.json';

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

/** Both language versions, bundled at build time from the templates the backend uses. */
export const BILINGUAL_CONTRACT: Record<Language, ContractDocument> = { et: contractEt, en: contractEn };

/** The contract in both languages whatever the UI language (spec §2). */
export function useBilingualContract(): Record<Language, ContractDocument> | null {
  return BILINGUAL_CONTRACT;
}
