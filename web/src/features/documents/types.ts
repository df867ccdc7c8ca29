/**
 * Spec §4's document statuses. The API sends a document's status as a plain string, and anything outside
 * this list is shown as sent.
 */
export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected', 'submitted', 'requested'] as const;
