export { ApplicationTab } from './components/ApplicationTab';
export { ProfileTab } from './components/ProfileTab';
