export { AdminContractsTab } from './components/AdminContractsTab';
export { ContractsTab } from './components/ContractsTab';
