export { AdminApplicationsTab } from './AdminApplicationsTab';
export { ApplicationDetailPage } from './ApplicationDetailPage';
