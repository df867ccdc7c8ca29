"""The mandate's API (issue 36, The mandate, tracked): the applicant's own mandate, and the admins' view and
record of the Business Register's dates on the applicant's file."""

from datetime import date

from fastapi import APIRouter, Request
from pydantic import Field
from pydantic.alias_generators import to_camel

from applications import mandate
from applications.mandate import MandateStatus, MandateView
from portal_common.audit import record_admin_action
from portal_common.auth import AdminIdentity, CurrentIdentity
from portal_common.unit_of_work import SessionDep
from portal_common.validation import CamelModel, ResourceId

router = APIRouter(prefix="/api", tags=["mandate"])


class MandateOut(CamelModel):
    company: str = Field(description="the company's name")
    registry_code: str
    appointed_on: date | None = Field(description="the appointment's entry date in the Business Register")
    planned_end: date | None = Field(description="the term's last day; null while the registration date is unknown")
    removal_deadline: date | None = Field(
        description="the shareholders' deadline to file the removal: 5 Estonian banking days after the planned end")
    removed_on: date | None = Field(description="the removal's entry date in the Business Register")
    status: MandateStatus


class MandateUpdate(CamelModel):
    """The dates present are set (null clears one); those left out keep what was recorded. Neither may be in the
    future (Europe/Tallinn), and the removal needs an appointment on or before it."""

    appointed_on: date | None = None
    removed_on: date | None = None


def mandate_out(view: MandateView) -> MandateOut:
    return MandateOut(company=view.company, registry_code=view.registry_code, appointed_on=view.appointed_on,
                      planned_end=view.planned_end, removal_deadline=view.removal_deadline,
                      removed_on=view.removed_on, status=view.status)


@router.get("/mandate", response_model=MandateOut)
async def own_mandate(identity: CurrentIdentity, db: SessionDep) -> MandateOut:
    """The caller's own mandate; 404 while no company has been assigned to them."""
    return mandate_out(await mandate.own_mandate(db, identity))


@router.get("/admin/applications/{application_id}/mandate", response_model=MandateOut)
async def application_mandate(application_id: ResourceId, _: AdminIdentity, db: SessionDep) -> MandateOut:
    return mandate_out(await mandate.application_mandate(db, application_id))


@router.put("/admin/applications/{application_id}/mandate", response_model=MandateOut)
async def record_mandate(application_id: ResourceId, body: MandateUpdate, identity: AdminIdentity,
                         request: Request, db: SessionDep) -> MandateOut:
    changes: dict[str, date | None] = {field: getattr(body, field) for field in body.model_fields_set}
    view = await mandate.record_mandate(db, application_id, changes, identity)
    # The dates it set, "" for one cleared.
    details = {to_camel(name): value.isoformat() if value else "" for name, value in changes.items()}
    record_admin_action(db, request, identity, "application.mandate_recorded", "application", application_id,
                        await mandate.application_owner(db, application_id), **details)
    return mandate_out(view)
