import { describe, expect, it } from 'vitest';
import { resources } from '@/test/i18n';
import templateEn from '../../../../services/contracts/contracts/templates/employment_contract.en.json';
import templateEt from '../../../../services/contracts/contracts/templates/employment_contract.et.json';
import { BILINGUAL_CONTRACT } from './contract-document';

describe('employment contract text (one source with the contracts service)', () => {
  it("comes from the service's templates in both languages", () => {
    expect(BILINGUAL_CONTRACT.et).toBe(templateEt);
    expect(BILINGUAL_CONTRACT.en).toBe(templateEn);
    expect(BILINGUAL_CONTRACT.et.sections).toHaveLength(10);
    expect(BILINGUAL_CONTRACT.en.sections).toHaveLength(10);
  });

  it('is no longer duplicated in the contract namespace, which keeps only the dialog labels', () => {
    for (const lng of ['et', 'en']) {
      expect(Object.keys(resources[lng].contract)).toEqual(['dialog']);
    }
  });
});
