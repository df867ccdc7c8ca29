export { EmailPreferencesCard } from './components/EmailPreferencesCard';
export { EmailsTab } from './components/EmailsTab';
