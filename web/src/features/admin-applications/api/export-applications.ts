import { APPLICATIONS_URL } from './get-applications';

export const EXPORT_URL = `${APPLICATIONS_URL}/export.csv`;

/**
 * GET /api/admin/applications/export.csv (issue 17): every application the list's filters and sort find,
 * not only the page shown, as a CSV file the browser downloads.
 */
export function exportCsvUrl(listQuery: URLSearchParams): string {
  const query = new URLSearchParams(listQuery);
  query.delete('limit');
  query.delete('offset');
  const text = query.toString();
  return text ? `${EXPORT_URL}?${text}` : EXPORT_URL;
}
