"""The gateway's route table: the one place that says which /api path goes to which service and who
may call it (spec §6, §7). The local Traefik file config is rendered from it (render.py)."""

from dataclasses import dataclass
from typing import Literal

Access = Literal["public", "user", "admin", "self"]
# json: bodies of at most 1 MiB, read whole by the gateway before they are forwarded (issue 11);
# upload: a streamed request body the service bounds itself (DOCUMENTS_MAX_UPLOAD_BYTES);
# download: a streamed answer that carries its own Content-Security-Policy (the service's sandbox).
Kind = Literal["json", "upload", "download"]
SERVICES = ("identity", "applications", "documents", "contracts", "messages", "notifications", "audit",
            "payroll", "compliance")


@dataclass(frozen=True)
class Route:
    name: str
    rule: str
    service: str
    # public: anyone; self: the service checks the session itself (identity owns it);
    # user: any signed-in user, via ForwardAuth; admin: admins only, via ForwardAuth.
    access: Access
    rate_limited: bool = False
    kind: Kind = "json"
    priority: int = 100  # the more specific of two overlapping rules has the higher one


ROUTES: tuple[Route, ...] = (
    # Issue 15: second-factor enrolment needs a session that may not have passed one yet, so identity checks it.
    Route("identity-session", "Path(`/api/user`) || Path(`/api/logout`) || Path(`/api/set-language`) || "
          "PathPrefix(`/api/profile`) || PathPrefix(`/api/second-factor`)", "identity", "self"),
    # Issue 16, Consent: a user's own consents (identity checks the session) and the published versions (anyone).
    Route("identity-consents", "Path(`/api/consents`)", "identity", "self"),
    Route("identity-policies", "Path(`/api/policies`)", "identity", "public"),
    Route("identity-login", "Path(`/api/login`) || Path(`/api/register`) || PathPrefix(`/api/login/passkey`)",
          "identity", "public", rate_limited=True),
    # Issue 34: signing in and registering with Smart-ID, Mobile-ID or the ID-card (identity checks the rest); the
    # polls of a phone session, about one a second while the person answers, are not counted by the rate limit.
    Route("identity-eid", "PathPrefix(`/api/login/eid`) || PathPrefix(`/api/register/eid`)", "identity", "public",
          rate_limited=True),
    Route("identity-eid-poll", "Method(`GET`) && PathRegexp(`^/api/(login|register)/eid/[0-9a-f-]{36}$`)",
          "identity", "public", priority=110),
    # Issue 14: links by e-mail, asked for and followed signed out; identity also limits reset links per account.
    Route("identity-links", "Path(`/api/password-reset`) || Path(`/api/password-reset/confirm`) || "
          "Path(`/api/email-change/confirm`) || PathPrefix(`/api/admin-invitations/`)", "identity", "public",
          rate_limited=True),
    Route("identity-admin", "PathPrefix(`/api/admin/admins`) || PathPrefix(`/api/admin/admin-invitations`)",
          "identity", "admin"),
    # Issue 16, Erasure: the applicant's own request (identity checks the session), the admins' decisions, and the
    # contracts of erased people kept under legal hold (readable only there).
    Route("identity-erasure", "Path(`/api/privacy/erasure`)", "identity", "self"),
    Route("identity-erasure-admin", "PathPrefix(`/api/admin/erasure-requests`)", "identity", "admin"),
    Route("contracts-legal-holds", "PathPrefix(`/api/admin/legal-holds`)", "contracts", "admin"),
    Route("messages-contact", "Path(`/api/contact`)", "messages", "public", rate_limited=True),
    Route("messages-admin", "PathPrefix(`/api/admin/messages`)", "messages", "admin"),
    Route("notifications-admin", "PathPrefix(`/api/admin/emails`)", "notifications", "admin"),
    Route("notifications-own", "Path(`/api/email-preferences`)", "notifications", "user"),
    Route("audit-admin", "PathPrefix(`/api/admin/audit`)", "audit", "admin"),
    # Issue 16, Access transparency: a signed-in user's own entries only (the service filters by the caller).
    Route("audit-own", "Path(`/api/privacy/access-log`)", "audit", "user"),
    # Issue 16, Download my data: a person's own exports (documents answers 404 to anyone else, admins too).
    Route("documents-privacy-export", "Path(`/api/privacy/export`) || Path(`/api/privacy/exports`) || "
          "PathPrefix(`/api/privacy/exports/`)", "documents", "user"),
    Route("documents-privacy-export-download", "PathRegexp(`^/api/privacy/exports/[^/]+/download$`)", "documents",
          "user", kind="download", priority=110),
    Route("applications-own", "Path(`/api/application`)", "applications", "user"),
    # Issue 36: the board member's own mandate (applications answers only with the caller's).
    Route("applications-mandate", "Path(`/api/mandate`) || PathPrefix(`/api/mandate/`)", "applications", "user"),
    # Issue 36: the liability notice is published and acknowledged like the other texts, so identity answers it
    # (and checks the session); the admins read whether an applicant acknowledged it.
    Route("identity-liability-notice", "Path(`/api/mandate/notice`) || Path(`/api/mandate/notice/acknowledgement`)",
          "identity", "self", priority=110),
    Route("identity-liability-admin", "PathRegexp(`^/api/admin/users/[^/]+/liability-notice$`)", "identity",
          "admin", priority=110),
    # Issue 36, Resigning: the resignation letter is a contract signed with eID, so contracts makes and keeps it.
    Route("contracts-resignation", "Path(`/api/mandate/resignation`)", "contracts", "user", priority=110),
    # Issue 23, payroll: a person's own payout details, payments and payslips (the service checks the owner);
    # the admins' pay runs, and an application's payments for the company card (a path under applications').
    Route("payroll-own", "Path(`/api/payout-details`) || Path(`/api/payments`) || PathPrefix(`/api/payments/`)",
          "payroll", "user"),
    Route("payroll-admin", "PathPrefix(`/api/admin/pay-runs`)", "payroll", "admin"),
    Route("payroll-application-payments", "PathRegexp(`^/api/admin/applications/[^/]+/payments$`)", "payroll",
          "admin", priority=110),
    # Issue 35, client due diligence: clients and their people, sanctions lists and hits, suspicion reports (the
    # compliance officer's powers are checked by the service); an applicant's own "Report a concern".
    Route("compliance-admin", "PathPrefix(`/api/admin/clients`) || PathPrefix(`/api/admin/screening`) || "
          "PathPrefix(`/api/admin/suspicion-reports`) || PathPrefix(`/api/admin/compliance`)", "compliance", "admin"),
    Route("compliance-list-upload", "Method(`POST`) && Path(`/api/admin/screening/lists`)", "compliance", "admin",
          kind="upload", priority=110),
    Route("compliance-own", "Path(`/api/concerns`)", "compliance", "user"),
    Route("applications-admin", "PathPrefix(`/api/admin/applications`) || PathPrefix(`/api/admin/companies`)",
          "applications", "admin"),
    Route("documents-own", "Path(`/api/documents`) || PathPrefix(`/api/documents/`) || "
          "Path(`/api/document-requests`)", "documents", "user"),
    Route("documents-upload", "Method(`POST`) && Path(`/api/documents`)", "documents", "user", kind="upload",
          priority=110),
    Route("documents-download", "PathRegexp(`^/api/documents/[^/]+/download$`)", "documents", "user",
          kind="download", priority=110),
    Route("documents-admin", "PathPrefix(`/api/admin/documents`) || PathPrefix(`/api/admin/document-requests`)",
          "documents", "admin"),
    # Requesting a document and creating a contract are admin calls on paths the spec (§7) shares with the
    # applicant's lists, so they are told apart by method.
    Route("documents-request-create", "Method(`POST`) && Path(`/api/document-requests`)", "documents", "admin",
          priority=110),
    Route("contracts-own", "Path(`/api/contracts`) || PathPrefix(`/api/contracts/`)", "contracts", "user"),
    Route("contracts-create", "Method(`POST`) && Path(`/api/contracts`)", "contracts", "admin", priority=110),
    Route("contracts-admin", "PathPrefix(`/api/admin/contracts`)", "contracts", "admin"),
    # Anyone may check a contract PDF (issue 13): public, rate limited, a file of up to 10 MB that contracts
    # reads and bounds itself.
    Route("contracts-verify", "Method(`POST`) && Path(`/api/contracts/verify`)", "contracts", "public",
          rate_limited=True, kind="upload", priority=120),
    # Any other /api path answers identity's JSON 404 instead of falling through to the SPA.
    Route("api-unknown", "PathPrefix(`/api`)", "identity", "public", priority=10),
)
