export { AccessHistoryCard } from './components/AccessHistoryCard';
export { ActivityTab } from './components/ActivityTab';
