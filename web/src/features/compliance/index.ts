export { ComplianceTab } from './components/ComplianceTab';
