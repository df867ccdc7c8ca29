export { AdminDocumentsTab } from './components/AdminDocumentsTab';
export { DocumentsTab } from './components/DocumentsTab';
