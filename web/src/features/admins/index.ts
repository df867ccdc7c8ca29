export { AdminsTab } from './components/AdminsTab';
