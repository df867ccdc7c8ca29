export { AdminDocumentsTab } from './components/AdminDocumentsTab';
export { ApplicantDocumentsPanel } from './components/ApplicantDocumentsPanel';
export { DocumentsTab } from './components/DocumentsTab';
