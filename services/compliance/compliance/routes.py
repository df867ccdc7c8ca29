"""compliance's API (issue 35): client cases and their people for admins. Every view of a case and every change
is in the audit log."""

import io
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from compliance import clients, hits, reports, screening
from compliance.config import get_settings
from compliance.errors import ComplianceErrorCode
from compliance.lists import ListEmpty, ListRefused, parse
from compliance.matching import Subject
from compliance.models import Client, ClientPerson
from compliance.schemas import (
    ClientIn,
    ClientOut,
    ClientStatus,
    ClientSummary,
    CloseIn,
    ConcernIn,
    ConcernReceived,
    DecisionIn,
    FiuExport,
    HitOut,
    HitStatus,
    ImportOut,
    ListOut,
    PersonIn,
    PersonOut,
    RejectIn,
    ReportCreated,
    ReportIn,
    ReportOut,
    ReportStatus,
    ReportUpdate,
    RiskLevel,
)
from compliance.upload import list_upload
from portal_common.audit import record_admin_action
from portal_common.auth import AdminIdentity, CurrentIdentity, Identity, require_admin
from portal_common.errors import ApiError, ErrorCode
from portal_common.listing import TOTAL_RESPONSES, PageParams, page_params
from portal_common.unit_of_work import SessionDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["compliance"])
CLIENT = "client"


async def _screen_client(db: SessionDep, client: Client, people: list[ClientPerson]) -> None:
    """A case and its people are screened whenever they are made or changed (the hits show on the case)."""
    subjects = [Subject("client", client.id or 0, client.name, client.date_of_birth),
                *(Subject("person", p.id or 0, p.full_name, p.date_of_birth) for p in people)]
    await screening.screen(db, subjects, get_settings().match_threshold)


async def _officer(identity: Annotated[Identity, Depends(require_admin)]) -> Identity:
    if not identity.is_compliance_officer:
        raise ApiError(403, ComplianceErrorCode.NOT_COMPLIANCE_OFFICER, "Only a compliance officer can do this")
    return identity


OfficerIdentity = Annotated[Identity, Depends(_officer)]


def _audit(db: SessionDep, request: Request, admin: Identity, action: str, client_id: int, **details: str) -> None:
    record_admin_action(db, request, admin, f"{CLIENT}.{action}", CLIENT, client_id, None, **details)


@router.post("/admin/clients", response_model=ClientOut, status_code=201)
async def create_client(body: ClientIn, admin: AdminIdentity, request: Request, db: SessionDep) -> ClientOut:
    """A draft case with its first risk assessment."""
    client = await clients.create(db, body, admin.user_id)
    assert client.id is not None
    await _screen_client(db, client, [])
    _audit(db, request, admin, "created", client.id)
    return await clients.client_out(db, client)


@router.get("/admin/clients", response_model=list[ClientSummary], responses=TOTAL_RESPONSES)
async def list_clients(_: AdminIdentity, db: SessionDep, response: Response,
                       page: Annotated[PageParams, Depends(page_params)],
                       status: Annotated[ClientStatus | None, Query()] = None,
                       risk: Annotated[RiskLevel | None, Query()] = None) -> list[ClientSummary]:
    """The cases newest first (``order=asc`` oldest), searched by name, registry code or country, paged."""
    return await clients.client_page(db, page, status, risk, response)


@router.get("/admin/clients/{client_id}", response_model=ClientOut)
async def get_client(client_id: ResourceId, admin: AdminIdentity, request: Request, db: SessionDep) -> ClientOut:
    """A case with its people, screening results, risk and history; the view is audited."""
    client = await clients.client_of(db, client_id)
    _audit(db, request, admin, "viewed", client_id)
    return await clients.client_out(db, client)


@router.put("/admin/clients/{client_id}", response_model=ClientOut)
async def put_client(client_id: ResourceId, body: ClientIn, admin: AdminIdentity, request: Request,
                     db: SessionDep) -> ClientOut:
    """Changes a draft (409 client_not_draft after it was submitted)."""
    client = await clients.update(db, client_id, body, admin.user_id)
    await _screen_client(db, client, await clients.people_of(db, client_id))
    _audit(db, request, admin, "updated", client_id)
    return await clients.client_out(db, client)


@router.post("/admin/clients/{client_id}/people", response_model=PersonOut, status_code=201)
async def add_person(client_id: ResourceId, body: PersonIn, admin: AdminIdentity, request: Request,
                     db: SessionDep) -> PersonOut:
    person = await clients.add_person(db, client_id, body, admin.user_id)
    assert person.id is not None
    await screening.screen(db, [Subject("person", person.id, person.full_name, person.date_of_birth)],
                           get_settings().match_threshold)
    _audit(db, request, admin, "person_added", client_id, person_id=str(person.id))
    return clients.person_out(person)


@router.delete("/admin/clients/{client_id}/people/{person_id}", status_code=204)
async def remove_person(client_id: ResourceId, person_id: ResourceId, admin: AdminIdentity, request: Request,
                        db: SessionDep) -> Response:
    await clients.remove_person(db, client_id, person_id, admin.user_id)
    _audit(db, request, admin, "person_removed", client_id, person_id=str(person_id))
    return Response(status_code=204)


@router.post("/admin/clients/{client_id}/submit", response_model=ClientOut)
async def submit_client(client_id: ResourceId, admin: AdminIdentity, request: Request, db: SessionDep) -> ClientOut:
    """draft → in_review; a company needs a beneficial owner first (409 beneficial_owner_missing)."""
    client = await clients.submit(db, client_id, admin.user_id)
    _audit(db, request, admin, "submitted", client_id)
    return await clients.client_out(db, client)


@router.post("/admin/clients/{client_id}/approve", response_model=ClientOut)
async def approve_client(client_id: ResourceId, officer: OfficerIdentity, request: Request,
                         db: SessionDep) -> ClientOut:
    """A compliance officer's approval (403 not_compliance_officer for other admins); 409 screening_hit_open,
    sanctions_list_stale, beneficial_owner_missing or client_not_in_review. Sets the periodic review date."""
    client = await clients.approve(db, client_id, officer.user_id, get_settings().max_list_age_days)
    _audit(db, request, officer, "approved", client_id)
    return await clients.client_out(db, client)


@router.post("/admin/clients/{client_id}/reject", response_model=ClientOut)
async def reject_client(client_id: ResourceId, body: RejectIn, officer: OfficerIdentity, request: Request,
                        db: SessionDep) -> ClientOut:
    client = await clients.reject(db, client_id, officer.user_id, body.reason)
    _audit(db, request, officer, "rejected", client_id)
    return await clients.client_out(db, client)


@router.post("/admin/clients/{client_id}/close", response_model=ClientOut)
async def close_client(client_id: ResourceId, body: CloseIn, officer: OfficerIdentity, request: Request,
                       db: SessionDep) -> ClientOut:
    """A compliance officer records that the business relationship ended (``endedOn``, default today): the case
    is closed, takes no company any more, and is erased five years later (409 client_already_ended)."""
    client = await clients.close(db, client_id, officer.user_id, body.ended_on)
    _audit(db, request, officer, "closed", client_id, ended_on=str(client.relationship_ended_on))
    return await clients.client_out(db, client)


# Sanctions lists and screening ----------------------------------------------------------------------------------------

@router.post("/admin/screening/lists", response_model=ImportOut, status_code=201,
             openapi_extra={"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
                 "type": "object", "required": ["source", "file"], "properties": {
                     "source": {"type": "string", "enum": ["eu", "un", "uk"]},
                     "file": {"type": "string", "format": "binary"}}}}}}})
async def import_list(admin: AdminIdentity, request: Request, db: SessionDep) -> ImportOut:
    """Imports a list file (the EU's XML, the UN's XML or the UK's CSV) as a new version of its source, then
    screens everyone against the newest lists. A file that cannot be read changes nothing: 422 under `file` with
    the reason (invalid_list_file, list_file_empty)."""
    settings = get_settings()
    source, content = await list_upload(request, settings.max_list_bytes)
    try:
        parsed = parse(source, io.BytesIO(content))
    except ListEmpty as empty:
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "file", f"Nothing was imported: {empty}",
                                ComplianceErrorCode.LIST_FILE_EMPTY) from None
    except ListRefused as refused:
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "file", f"Nothing was imported: {refused}",
                                ComplianceErrorCode.INVALID_LIST_FILE) from None
    version, run = await screening.import_list(db, parsed, content, admin.user_id, settings.match_threshold)
    assert version.id is not None
    record_admin_action(db, request, admin, "sanctions_list.imported", "sanctions_list", version.id, None,
                        source=source, entries=str(version.entries))
    return ImportOut(**hits.list_out(version).model_dump(), screened=run.subjects, new_hits=run.new_hits,
                     screening_seconds=round(run.seconds, 3))


@router.get("/admin/screening/lists", response_model=list[ListOut], responses=TOTAL_RESPONSES)
async def list_versions(_: AdminIdentity, db: SessionDep, response: Response,
                        page: Annotated[PageParams, Depends(page_params)]) -> list[ListOut]:
    """The imported versions, newest first."""
    return await hits.list_page(db, page, response)


@router.get("/admin/screening/hits", response_model=list[HitOut], responses=TOTAL_RESPONSES)
async def list_hits(_: AdminIdentity, db: SessionDep, response: Response,
                    page: Annotated[PageParams, Depends(page_params)],
                    status: Annotated[HitStatus | None, Query()] = None) -> list[HitOut]:
    """Hits newest first, each with its explanation."""
    return [clients.hit_out(h) for h in await hits.hit_page(db, page, status, response)]


@router.post("/admin/screening/hits/{hit_id}/decision", response_model=HitOut)
async def decide_hit(hit_id: ResourceId, body: DecisionIn, admin: OfficerIdentity, request: Request,
                     db: SessionDep) -> HitOut:
    """A compliance officer's decision (403 not_compliance_officer for other admins): a false positive is
    cleared (not raised again unless the entry or the person changes), a confirmed hit stays on its subject; 409
    hit_already_decided the second time."""
    hit = await hits.decide(db, hit_id, body.decision, body.reason, admin.user_id)
    record_admin_action(db, request, admin, "screening_hit.decided", "screening_hit", hit_id,
                        hit.subject_id if hit.subject_type == "applicant" else None, decision=body.decision)
    return clients.hit_out(hit)


# Suspicion reports ----------------------------------------------------------------------------------------------------

REPORT = "suspicion_report"


@router.post("/admin/suspicion-reports", response_model=ReportCreated, status_code=201)
async def raise_report(body: ReportIn, admin: AdminIdentity, request: Request, db: SessionDep) -> ReportCreated:
    """Any admin raises a report on a client, a person or an applicant; compliance officers work it."""
    report = await reports.raise_report(db, body.subject_type, body.subject_id, body.description, admin.user_id,
                                        "admin")
    assert report.id is not None
    record_admin_action(db, request, admin, f"{REPORT}.raised", REPORT, report.id, None)
    return ReportCreated(id=report.id, received_at=report.created_at)


@router.post("/concerns", response_model=ConcernReceived, status_code=201)
async def report_a_concern(body: ConcernIn, identity: CurrentIdentity, db: SessionDep) -> ConcernReceived:
    """An applicant's "Report a concern" (for example: asked to sign something they have not seen). The answer says
    only that it was received."""
    if identity.role != "applicant":
        raise ApiError(403, ErrorCode.FORBIDDEN, "Admins raise reports in the Compliance tab")
    report = await reports.raise_concern(db, identity.user_id, body.description)
    return ConcernReceived(received_at=report.created_at)


@router.get("/admin/suspicion-reports", response_model=list[ReportOut], responses=TOTAL_RESPONSES)
async def list_reports(officer: OfficerIdentity, request: Request, db: SessionDep, response: Response,
                       page: Annotated[PageParams, Depends(page_params)],
                       status: Annotated[ReportStatus | None, Query()] = None) -> list[ReportOut]:
    """Compliance officers only (403 not_compliance_officer), newest first; the view is audited."""
    found = await reports.report_page(db, page, status, response)
    record_admin_action(db, request, officer, f"{REPORT}.listed", REPORT, "list", None)
    return found


@router.get("/admin/suspicion-reports/{report_id}", response_model=ReportOut)
async def get_report(report_id: ResourceId, officer: OfficerIdentity, request: Request, db: SessionDep) -> ReportOut:
    report = await reports.report_of(db, report_id)
    record_admin_action(db, request, officer, f"{REPORT}.viewed", REPORT, report_id, None)
    return reports.report_out(report)


@router.put("/admin/suspicion-reports/{report_id}", response_model=ReportOut)
async def update_report(report_id: ResourceId, body: ReportUpdate, officer: OfficerIdentity, request: Request,
                        db: SessionDep) -> ReportOut:
    report = await reports.update(db, report_id, body)
    record_admin_action(db, request, officer, f"{REPORT}.updated", REPORT, report_id, None, status=body.status)
    return reports.report_out(report)


@router.get("/admin/suspicion-reports/{report_id}/export", response_model=FiuExport)
async def export_report(report_id: ResourceId, officer: OfficerIdentity, request: Request,
                        db: SessionDep) -> FiuExport:
    """The report in the fields of the FIU's reporting form; the export is audited."""
    exported = await reports.export(db, report_id, officer.user_id, get_settings())
    record_admin_action(db, request, officer, f"{REPORT}.exported", REPORT, report_id, None)
    return exported
