export { AdminContractsTab } from './components/AdminContractsTab';
export { ApplicantContractsPanel } from './components/ApplicantContractsPanel';
export { ContractsTab } from './components/ContractsTab';
