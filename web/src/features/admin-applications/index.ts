export { AdminApplicationsTab } from './AdminApplicationsTab';
export { ApplicationDetailPage, type ApplicationSubject } from './ApplicationDetailPage';
