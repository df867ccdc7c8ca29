export { ErasureRequestsTab } from './admin/ErasureRequestsTab';
export { ErasureCard } from './components/ErasureCard';
