export { PayrollTab } from './components/PayrollTab';
