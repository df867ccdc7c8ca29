"""payroll's API (issue 23): a person's payout details, payments and payslips; the admins' pay runs, their bank
file and TSD annex, and an application's payments for its company card. Every pay run action is audited."""

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query, Request, Response

from payroll import documents, runs, service
from payroll.config import get_settings
from payroll.schemas import (
    LineFailed,
    PaymentOut,
    PayoutDetailsIn,
    PayoutDetailsOut,
    PayRunCreate,
    PayRunOut,
    PayRunPaid,
    PayRunSummary,
    RunStatus,
)
from payroll.sepa import SEPA_MEDIA_TYPE
from payroll.tsd import TSD_MEDIA_TYPE
from portal_common.audit import record_admin_action
from portal_common.auth import AdminIdentity, CurrentIdentity, Identity
from portal_common.listing import TOTAL_RESPONSES, PageParams, page_params
from portal_common.unit_of_work import SessionDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["payroll"])
PAY_RUN = "pay_run"
FILE_HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store"}


def _file(content: bytes | str, media_type: str, name: str) -> Response:
    return Response(content, media_type=media_type,
                    headers={"Content-Disposition": f'attachment; filename="{name}"', **FILE_HEADERS})


def _audit(db: SessionDep, request: Request, admin: Identity, action: str, run_id: int, **details: str) -> None:
    record_admin_action(db, request, admin, f"{PAY_RUN}.{action}", PAY_RUN, run_id, None, **details)


# A person's own --------------------------------------------------------------------------------------------------

@router.get("/payout-details", response_model=PayoutDetailsOut)
async def get_payout_details(identity: CurrentIdentity, db: SessionDep) -> PayoutDetailsOut:
    """The caller's bank account and tax choices; 404 payout_details_missing until given."""
    return await service.own_details(db, identity.user_id)


@router.put("/payout-details", response_model=PayoutDetailsOut)
async def put_payout_details(body: PayoutDetailsIn, identity: CurrentIdentity, db: SessionDep) -> PayoutDetailsOut:
    """Sets the caller's bank account (an IBAN of a SEPA country) and tax choices; nothing is stored when any
    value is refused."""
    return await service.save_details(db, identity.user_id, body)


@router.get("/payments", response_model=list[PaymentOut])
async def own_payments(identity: CurrentIdentity, db: SessionDep) -> list[PaymentOut]:
    """The caller's payments by due date, with their withholdings and status."""
    return await service.own_payments(db, identity.user_id)


@router.get("/payments/{payment_id}/payslip", response_class=Response,
            responses={200: {"content": {"application/pdf": {}}, "description": "the payslip PDF"}})
async def payment_payslip(payment_id: ResourceId, identity: CurrentIdentity, request: Request, db: SessionDep,
                          lang: Annotated[Literal["et", "en"] | None, Query(
                              description="the payslip's language; the reader's by default")] = None) -> Response:
    """A paid payment's payslip, for its owner and admins only (404 to anyone else); an admin's view is audited."""
    payment = await service.payment_of(db, payment_id, None if identity.is_admin else identity.user_id)
    language = lang or ("en" if identity.language == "en" else "et")
    name, pdf = await documents.payslip(db, payment, language, get_settings())
    if identity.is_admin:
        record_admin_action(db, request, identity, "payslip.viewed", "payment", payment_id, payment.user_id)
    return _file(pdf, "application/pdf", name)


# Admins ----------------------------------------------------------------------------------------------------------

@router.get("/admin/applications/{application_id}/payments", response_model=list[PaymentOut])
async def application_payments(application_id: ResourceId, _: AdminIdentity, db: SessionDep) -> list[PaymentOut]:
    """The payments of an application's term, for the admin's company card."""
    return await service.application_payments(db, application_id)


@router.post("/admin/pay-runs", response_model=PayRunOut, status_code=201)
async def create_pay_run(body: PayRunCreate, admin: AdminIdentity, request: Request, db: SessionDep) -> PayRunOut:
    """A draft run of every payment due by ``payDate`` that no other run holds (409 when another run took some at
    the same moment); people without bank details are blocked lines."""
    run = await runs.create_run(db, body.pay_date, admin.user_id)
    assert run.id is not None
    _audit(db, request, admin, "created", run.id, pay_date=body.pay_date.isoformat())
    return await runs.run_out(db, run)


@router.get("/admin/pay-runs", response_model=list[PayRunSummary], responses=TOTAL_RESPONSES)
async def list_pay_runs(_: AdminIdentity, db: SessionDep, response: Response,
                        page: Annotated[PageParams, Depends(page_params)],
                        status: Annotated[RunStatus | None, Query()] = None) -> list[PayRunSummary]:
    """The runs newest first with their totals (cancelled ones only when asked for), paged, X-Total-Count."""
    return await runs.run_page(db, page, status, response)


@router.get("/admin/pay-runs/{run_id}", response_model=PayRunOut)
async def get_pay_run(run_id: ResourceId, _: AdminIdentity, db: SessionDep) -> PayRunOut:
    return await runs.run_out(db, await runs.run_of(db, run_id))


@router.delete("/admin/pay-runs/{run_id}", status_code=204)
async def delete_pay_run(run_id: ResourceId, admin: AdminIdentity, request: Request, db: SessionDep) -> Response:
    """Deletes a draft: its payments go back to the pool."""
    await runs.cancel_draft(db, run_id)
    _audit(db, request, admin, "deleted", run_id)
    return Response(status_code=204)


@router.post("/admin/pay-runs/{run_id}/approve", response_model=PayRunOut)
async def approve_pay_run(run_id: ResourceId, admin: AdminIdentity, request: Request, db: SessionDep) -> PayRunOut:
    run = await runs.approve(db, run_id)
    _audit(db, request, admin, "approved", run_id)
    return await runs.run_out(db, run)


@router.post("/admin/pay-runs/{run_id}/paid", response_model=PayRunOut)
async def pay_run_paid(run_id: ResourceId, body: PayRunPaid, admin: AdminIdentity, request: Request,
                       db: SessionDep) -> PayRunOut:
    """The bank executed the run: its lines are paid and each person is told."""
    run = await runs.mark_paid(db, run_id, body.execution_date)
    _audit(db, request, admin, "paid", run_id, execution_date=body.execution_date.isoformat())
    return await runs.run_out(db, run)


@router.post("/admin/pay-runs/{run_id}/lines/{line_id}/failed", response_model=PayRunOut)
async def pay_run_line_failed(run_id: ResourceId, line_id: ResourceId, body: LineFailed, admin: AdminIdentity,
                              request: Request, db: SessionDep) -> PayRunOut:
    """The bank did not pay this line: its payment goes back to the pool, the reason shown to the admin and the
    applicant."""
    run, line = await runs.fail_line(db, run_id, line_id, body.reason)
    record_admin_action(db, request, admin, f"{PAY_RUN}.line_failed", PAY_RUN, run_id, line.user_id,
                        line_id=str(line_id), reason=body.reason)
    return await runs.run_out(db, run)


@router.get("/admin/pay-runs/{run_id}/sepa", response_class=Response,
            responses={200: {"content": {SEPA_MEDIA_TYPE: {}}, "description": "pain.001.001.09"}})
async def pay_run_sepa(run_id: ResourceId, admin: AdminIdentity, request: Request, db: SessionDep) -> Response:
    """The SEPA credit-transfer file of an approved run (409 before), the same bytes every time."""
    name, xml = await documents.sepa_file(db, run_id, get_settings())
    _audit(db, request, admin, "sepa_downloaded", run_id)
    return _file(xml, SEPA_MEDIA_TYPE, name)


@router.get("/admin/pay-runs/{run_id}/tsd", response_class=Response,
            responses={200: {"content": {"text/csv": {}}, "description": "TSD annex 1 rows"}})
async def pay_run_tsd(run_id: ResourceId, admin: AdminIdentity, request: Request, db: SessionDep) -> Response:
    """The run's rows of the monthly declaration's annex 1 (TSD) as CSV, totals last."""
    name, csv = await documents.tsd_file(db, run_id)
    _audit(db, request, admin, "tsd_downloaded", run_id)
    return _file(csv.encode(), TSD_MEDIA_TYPE, name)
