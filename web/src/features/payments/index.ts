export { PaymentsTab } from './components/PaymentsTab';
