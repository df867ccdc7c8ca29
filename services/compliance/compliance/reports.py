"""Suspicion reports (issue 35, Suspicion reports and records): raised by any admin or by an applicant, worked by
compliance officers against a due date two Estonian banking days away, exported in the FIU's form's fields."""

from datetime import UTC, datetime

from fastapi import Response
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlmodel.ext.asyncio.session import AsyncSession

from compliance.clients import today
from compliance.config import ComplianceSettings
from compliance.models import Applicant, Client, ClientPerson, SuspicionReport
from compliance.schemas import FiuExport, FiuSubject, ReportOut, ReportStatus, ReportUpdate
from portal_common.banking_days import banking_days_after
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.listing import PageParams, column, in_order, page_of_ids

DUE_BANKING_DAYS = 2  # the Money Laundering and Terrorist Financing Prevention Act's time to report


async def _subject(db: AsyncSession, subject_type: str, subject_id: int) -> tuple[str, FiuSubject]:
    if subject_type == "client":
        client = await db.get(Client, subject_id)
        if client is not None:
            return client.name, FiuSubject(kind="legal_person" if client.kind == "company" else "natural_person",
                                           name=client.name, date_of_birth=client.date_of_birth,
                                           country=client.country, registry_code=client.registry_code)
    elif subject_type == "person":
        person = await db.get(ClientPerson, subject_id)
        if person is not None:
            return person.full_name, FiuSubject(kind="natural_person", name=person.full_name,
                                                date_of_birth=person.date_of_birth,
                                                country=person.country_of_residence, registry_code=None)
    else:
        applicant = await db.get(Applicant, subject_id)
        if applicant is not None:
            return applicant.full_name, FiuSubject(kind="natural_person", name=applicant.full_name,
                                                   date_of_birth=applicant.date_of_birth, country=None,
                                                   registry_code=None)
    raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "subjectId", "There is no such subject",
                            ErrorCode.INVALID_VALUE)


async def raise_report(db: AsyncSession, subject_type: str, subject_id: int, description: str, raised_by: int,
                       role: str) -> SuspicionReport:
    name, _ = await _subject(db, subject_type, subject_id)
    report = SuspicionReport(subject_type=subject_type, subject_id=subject_id, subject_name=name[:200],
                             description=description, raised_by=raised_by, raised_by_role=role,
                             due_date=banking_days_after(today(), DUE_BANKING_DAYS))
    db.add(report)
    await db.flush()
    return report


async def raise_concern(db: AsyncSession, user_id: int, description: str) -> SuspicionReport:
    """An applicant's own concern. One who registered before compliance knew them gets a row here first; identity's
    event may be adding it at this moment, hence nothing on conflict (its handler fills in the name)."""
    await db.execute(insert(Applicant).values(user_id=user_id, full_name="", registered_at=utcnow())
                     .on_conflict_do_nothing(index_elements=["user_id"]))
    return await raise_report(db, "applicant", user_id, description, user_id, "applicant")


async def report_of(db: AsyncSession, report_id: int, lock: bool = False) -> SuspicionReport:
    query = select(SuspicionReport).where(column(SuspicionReport.id) == report_id)
    report: SuspicionReport | None = (await db.execute(query.with_for_update() if lock else query)
                                      ).scalar_one_or_none()
    if report is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "There is no such report")
    return report


def report_out(report: SuspicionReport) -> ReportOut:
    assert report.id is not None
    return ReportOut(id=report.id, subject_type=report.subject_type, subject_id=report.subject_id,
                     subject_name=report.subject_name, description=report.description, raised_by=report.raised_by,
                     raised_by_role=report.raised_by_role, status=report.status,
                     due_date=report.due_date,
                     overdue=report.status in ("open", "in_progress") and report.due_date < today(),
                     officer_notes=report.officer_notes, fiu_reference=report.fiu_reference,
                     created_at=report.created_at, updated_at=report.updated_at)


async def report_page(db: AsyncSession, page: PageParams, status: ReportStatus | None,
                      response: Response) -> list[ReportOut]:
    conditions = [column(SuspicionReport.status) == status] if status is not None else []
    ids = await page_of_ids(db, column(SuspicionReport.id), column(SuspicionReport.id), conditions, page,
                            page.descending(), response)
    rows = list((await db.execute(select(SuspicionReport).where(column(SuspicionReport.id).in_(ids or [0])))
                 ).scalars())
    return [report_out(r) for r in in_order(rows, ids, lambda r: r.id)]


async def update(db: AsyncSession, report_id: int, body: ReportUpdate) -> SuspicionReport:
    report = await report_of(db, report_id, lock=True)
    report.status = body.status
    if body.officer_notes is not None:
        report.officer_notes = body.officer_notes.strip() or None
    if body.fiu_reference is not None:
        report.fiu_reference = body.fiu_reference.strip() or None
    report.updated_at = datetime.now(UTC)
    db.add(report)
    return report


async def export(db: AsyncSession, report_id: int, officer_id: int, settings: ComplianceSettings) -> FiuExport:
    report = await report_of(db, report_id)
    _, subject = await _subject(db, report.subject_type, report.subject_id)
    return FiuExport(report_type="SAR", internal_reference=f"SR-{report.id}",
                     obliged_entity_name=settings.obliged_entity_name,
                     obliged_entity_registry_code=settings.obliged_entity_registry_code,
                     compliance_officer_id=officer_id, suspicion_identified_on=report.created_at.date(),
                     report_due_on=report.due_date, subject=subject, grounds_for_suspicion=report.description,
                     measures_taken=report.officer_notes, fiu_reference=report.fiu_reference)
