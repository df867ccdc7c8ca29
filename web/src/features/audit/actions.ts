/**
 * The actions the audit log records (issue 15, Audit log), "<target type>.<verb>", in the order the action
 * filter offers them; each has a name in the `audit` namespace (actions.<target>.<verb>). A record of an action
 * not listed here (a newer service) shows its code.
 */
export const AUDIT_ACTIONS = [
  'application.viewed',
  'application.listed',
  'application.status_changed',
  'application.assigned',
  'application.unassigned',
  'application.company_assigned',
  'application.mandate_recorded',
  'application.exported',
  'document.requested',
  'document.reviewed',
  'document.downloaded',
  'contract.created',
  'contract.sent',
  'contract.cancelled',
  'contract.pdf_viewed',
  'contract.listed',
  'message.read',
  'admin.invited',
  'admin.deactivated',
  'admin.second_factor_reset',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isKnownAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}
