export { DataExportCard } from './components/DataExportCard';
