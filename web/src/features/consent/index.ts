export { ConsentPage } from './components/ConsentPage';
export { RequireConsent } from './components/RequireConsent';
export { CONSENT_PATH, needsConsent } from './rules';
