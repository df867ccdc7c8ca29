/**
 * The API's bodies (spec §3, §7) by the names the SPA uses: aliases of the types `make api-types` generates
 * into ./openapi/ from each service's OpenAPI document, so a change to a service's schemas shows up here
 * (and `make test` fails until the types are regenerated). Request bodies are named in the api/ file of the
 * call that sends them.
 */
import type { components as ApplicationsApi } from './openapi/applications';
import type { components as AuditApi } from './openapi/audit';
import type { components as ComplianceApi } from './openapi/compliance';
import type { components as ContractsApi } from './openapi/contracts';
import type { components as DocumentsApi } from './openapi/documents';
import type { components as IdentityApi } from './openapi/identity';
import type { components as MessagesApi } from './openapi/messages';
import type { components as NotificationsApi } from './openapi/notifications';
import type { components as PayrollApi } from './openapi/payroll';

export type IdentitySchemas = IdentityApi['schemas'];
export type ApplicationsSchemas = ApplicationsApi['schemas'];
export type DocumentsSchemas = DocumentsApi['schemas'];
export type ContractsSchemas = ContractsApi['schemas'];
export type MessagesSchemas = MessagesApi['schemas'];
export type NotificationsSchemas = NotificationsApi['schemas'];
export type AuditSchemas = AuditApi['schemas'];
export type PayrollSchemas = PayrollApi['schemas'];
export type ComplianceSchemas = ComplianceApi['schemas'];

// identity
export type User = IdentitySchemas['UserOut'];
export type Role = User['role'];
export type Language = User['language'];
/** GET/PUT /api/profile */
export type Profile = IdentitySchemas['ProfileOut'];

// applications
export type ApplicationStatus = ApplicationsSchemas['ApplicationOut']['status'];
/** The applicant's name and contacts as applications knows them (a projection: each may be null at first). */
export type ApplicantUser = ApplicationsSchemas['UserOut'];
export type ApplicantProfile = ApplicationsSchemas['ProfileOut'];
export type Application = ApplicationsSchemas['ApplicationOut'];
/** GET /api/application */
export type OwnApplication = ApplicationsSchemas['OwnApplicationOut'];
export type StatusUpdate = ApplicationsSchemas['StatusUpdateOut'];
export type AdminStatusUpdate = ApplicationsSchemas['AdminStatusUpdateOut'];
export type ApplicationListItem = ApplicationsSchemas['ApplicationListItem'];
export type ApplicationDetail = ApplicationsSchemas['ApplicationDetail'];
/** The company assigned to an application (its payments are payroll's: Payment below). */
export type AssignedCompany = ApplicationsSchemas['CompanyOut'];
export type CompanyStatus = AssignedCompany['status'];
/** A shelf company in the admin's list. */
export type ShelfCompany = ApplicationsSchemas['CompanyListItem'];
/** GET /api/mandate, GET/PUT /api/admin/applications/{id}/mandate (issue 36): the board member's mandate. */
export type Mandate = ApplicationsSchemas['MandateOut'];
export type MandateStatus = Mandate['status'];

// documents
export type Document = DocumentsSchemas['DocumentOut'];
export type AdminDocument = DocumentsSchemas['AdminDocumentOut'];
export type DocumentUser = DocumentsSchemas['DocumentUser'];
export type DocumentRequest = DocumentsSchemas['DocumentRequestOut'];

// contracts
export type Contract = ContractsSchemas['ContractOut'];
export type ContractStatus = Contract['status'];
export type AdminContract = ContractsSchemas['AdminContractOut'];
export type ContractUser = ContractsSchemas['ContractUser'];

// messages
/** A contact-form message in the admin inbox. */
export type ContactMessage = MessagesSchemas['MessageOut'];

// notifications
/** An e-mail in the admin list (issue 14). */
export type SentEmail = NotificationsSchemas['EmailOut'];

// payroll (issue 23): money is a decimal string with two decimals ("490.00"), never a float.
/** GET /api/payments: one of the applicant's six monthly payments (and the admin's company card). */
export type Payment = PayrollSchemas['PaymentOut'];
export type PaymentStatus = Payment['status'];
/** GET /api/payout-details */
export type PayoutDetails = PayrollSchemas['PayoutDetailsOut'];
/** A row of GET /api/admin/pay-runs. */
export type PayRunSummary = PayrollSchemas['PayRunSummary'];
/** GET /api/admin/pay-runs/{id} */
export type PayRun = PayrollSchemas['PayRunOut'];
export type PayRunStatus = PayRun['status'];
export type PayRunLine = PayrollSchemas['PayRunLineOut'];
export type PayRunTotals = PayrollSchemas['Totals'];

/** What a service answers on a non-2xx status; each service has its own codes. */
export type ServiceErrorBody =
  | IdentitySchemas['ErrorBody']
  | ApplicationsSchemas['ErrorBody']
  | DocumentsSchemas['ErrorBody']
  | ContractsSchemas['ErrorBody']
  | MessagesSchemas['ErrorBody']
  | NotificationsSchemas['ErrorBody']
  | AuditSchemas['ErrorBody']
  | PayrollSchemas['ErrorBody']
  | ComplianceSchemas['ErrorBody'];
export type ServiceErrorCode = ServiceErrorBody['code'];

/**
 * Error body every service answers with on a non-2xx status (design.md "The API contract"), as the SPA reads
 * it: only the message is relied on, since a non-2xx answer may also come from the gateway or a proxy. Every
 * `code` and every field code has a text in both languages under common:errors.codes.
 */
export type ApiErrorBody = Pick<ServiceErrorBody, 'message'> & Partial<Omit<ServiceErrorBody, 'message'>>;
