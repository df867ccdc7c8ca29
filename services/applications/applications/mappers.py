"""applications' response bodies from its rows: the one place that decides what the API shows. A body that
only copies a row is validated from the row's attributes; one with more beside the row names only that."""

from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

from applications.models import Applicant, Application, ClientCase, Company, StatusUpdate
from applications.schemas import (
    AdminCompanyOut,
    AdminStatusUpdateOut,
    ApplicationDetail,
    ApplicationListItem,
    ApplicationOut,
    ApplicationSummary,
    AssigneeOut,
    ClientRef,
    CompanyListItem,
    CompanyOut,
    EarlierApplicationOut,
    EidVerificationOut,
    OwnApplicationOut,
    ProfileOut,
    StatusUpdateOut,
    UserOut,
)
from applications.service import ApplicationRow, ApplicationView, Assignee, PastApplication
from applications.term import term_end, today_in_tallinn
from portal_common.privacy import mask_id_code

Body = TypeVar("Body", bound=BaseModel)


def _from_applicant(body: type[Body], applicant: Applicant | None) -> Body:
    """Every field null until identity's registration event has brought the applicant here."""
    if applicant is None:
        return body.model_validate(dict.fromkeys(body.model_fields))
    return body.model_validate(applicant, from_attributes=True)


def user_out(applicant: Applicant | None) -> UserOut:
    return _from_applicant(UserOut, applicant)


def profile_out(applicant: Applicant | None) -> ProfileOut:
    return _from_applicant(ProfileOut, applicant)


def euros(cents: int) -> float:
    return cents / 100


def company_out(company: Company) -> CompanyOut:
    assert company.id is not None
    start = company.registration_date
    return CompanyOut(
        id=company.id, name=company.name, registration_code=company.registration_code, start_date=start,
        end_date=term_end(start) if start else None, monthly_payment=euros(company.monthly_payment_cents),
        status=company.status)


def client_ref(case: ClientCase | None) -> ClientRef | None:
    if case is None:
        return None
    expired = case.status == "approved" and case.review_due is not None and case.review_due < today_in_tallinn()
    return ClientRef(id=case.client_id, name=case.name, status=case.status,
                     review_due=case.review_due, expired=expired)


def admin_company_out(company: Company, client: ClientCase | None) -> AdminCompanyOut:
    return AdminCompanyOut(**company_out(company).model_dump(), client=client_ref(client))


def company_item(company: Company, applicant_name: str | None, client: ClientCase | None = None) -> CompanyListItem:
    return CompanyListItem.model_validate({**company.model_dump(), "applicant_name": applicant_name,
                                           "monthly_payment": euros(company.monthly_payment_cents),
                                           "client": client_ref(client)})


def eid_verification_out(applicant: Applicant | None) -> EidVerificationOut | None:
    if applicant is None or applicant.eid_method is None or applicant.eid_verified_at is None:
        return None
    return EidVerificationOut.model_validate({"method": applicant.eid_method,
                                              "verified_at": applicant.eid_verified_at})


def _with_applicant(application: Application, applicant: Applicant | None) -> dict[str, object]:
    return {**application.model_dump(), "user": user_out(applicant), "profile": profile_out(applicant)}


def assignee_out(assignee: Assignee | None) -> AssigneeOut | None:
    return AssigneeOut(id=assignee.id, name=assignee.name) if assignee else None


def masked_profile_out(applicant: Applicant | None) -> ProfileOut:
    """Lists and pickers show the ID code masked (issue 16, What each role sees); the detail shows it whole."""
    profile = profile_out(applicant)
    return profile.model_copy(update={"id_code": mask_id_code(profile.id_code)})


def application_list_item(row: ApplicationRow) -> ApplicationListItem:
    return ApplicationListItem.model_validate({**_with_applicant(row.application, row.applicant),
                                               "profile": masked_profile_out(row.applicant),
                                               "assignee": assignee_out(row.assignee),
                                               "eid_verification": eid_verification_out(row.applicant)})


def _concerns_applicant(update: StatusUpdate) -> bool:
    """An update that only added an internal note says nothing to the applicant (issue 16, What each role sees)."""
    return update.old_status != update.new_status or update.notes is not None


def _status_updates_out(updates: Sequence[StatusUpdate]) -> list[StatusUpdateOut]:
    """The applicant's timeline: the status and the note to them, never the internal note."""
    return [StatusUpdateOut.model_validate(update, from_attributes=True)
            for update in updates if _concerns_applicant(update)]


def _earlier_out(past: PastApplication) -> EarlierApplicationOut:
    return EarlierApplicationOut.model_validate({**past.application.model_dump(),
                                                 "status_updates": _status_updates_out(past.status_updates)})


def own_application_out(view: ApplicationView) -> OwnApplicationOut:
    """The applicant's view; ``others`` are all earlier ones, as it is the newest application."""
    return OwnApplicationOut(
        application=ApplicationOut.model_validate(_with_applicant(view.application, view.applicant)),
        status_updates=_status_updates_out(view.status_updates),
        company=company_out(view.company) if view.company else None,
        earlier_applications=[_earlier_out(past) for past in view.others])


def application_detail_out(view: ApplicationView) -> ApplicationDetail:
    return ApplicationDetail.model_validate({
        **_with_applicant(view.application, view.applicant),
        "assignee": assignee_out(view.assignee),
        "eid_verification": eid_verification_out(view.applicant),
        "status_updates": [AdminStatusUpdateOut.model_validate(update, from_attributes=True)
                           for update in view.status_updates],
        "company": admin_company_out(view.company, view.client) if view.company else None,
        "other_applications": [ApplicationSummary.model_validate(past.application, from_attributes=True)
                               for past in view.others]})
