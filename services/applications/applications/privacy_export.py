"""applications' part of a person's data export (issue 16, Download my data): every application of theirs with
its status history and its company. What admins keep for themselves stays out: the internal note of a status
change, the application's admin notes, who handled it."""

from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from applications.models import Application, Company, StatusUpdate
from portal_common.app import Subscription
from portal_common.events import ApplicationsExportPart, EventEnvelope, PrivacyExportRequested, read_payload
from portal_common.privacy_export import stage_export_part

SERVICE = "applications"
CENTS_PER_EURO = 100


def _status_update(update: StatusUpdate) -> dict[str, Any]:
    return {"oldStatus": update.old_status, "newStatus": update.new_status, "notes": update.notes,
            "createdAt": update.created_at}


def _company(company: Company) -> dict[str, Any]:
    return {"name": company.name, "registrationCode": company.registration_code,
            "registrationDate": company.registration_date,
            "monthlyPayment": f"{company.monthly_payment_cents / CENTS_PER_EURO:.2f}", "status": company.status}


async def applications_data(db: AsyncSession, user_id: int) -> dict[str, Any]:
    applications = (await db.exec(select(Application).where(col(Application.user_id) == user_id)
                                  .order_by(col(Application.created_at), col(Application.id)))).all()
    ids = [application.id for application in applications]
    updates = (await db.exec(select(StatusUpdate).where(col(StatusUpdate.application_id).in_(ids))
                             .order_by(col(StatusUpdate.created_at), col(StatusUpdate.id)))).all()
    companies = (await db.exec(select(Company).where(col(Company.application_id).in_(ids)))).all()
    company_of = {company.application_id: company for company in companies}
    return {"applications": [{
        "id": application.id, "status": application.status, "notes": application.notes,
        "createdAt": application.created_at, "updatedAt": application.updated_at,
        "statusHistory": [_status_update(u) for u in updates if u.application_id == application.id],
        "company": _company(company_of[application.id]) if application.id in company_of else None,
    } for application in applications]}


async def on_export_requested(db: AsyncSession, envelope: EventEnvelope) -> None:
    request = read_payload(envelope, PrivacyExportRequested)
    stage_export_part(db, ApplicationsExportPart, request, SERVICE, await applications_data(db, request.user_id))


SUBSCRIPTIONS = [Subscription(PrivacyExportRequested.TYPE, on_export_requested)]
