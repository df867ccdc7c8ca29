"""contracts' response bodies from its rows: the one place that decides what the API shows of a contract.
Fields are taken from the row's attributes, except the status, which is the one a reader sees now (an
unsigned contract past its expiry shows as expired before that is written down)."""

from typing import Any

from contracts.models import Applicant, Contract
from contracts.schemas import AdminContractOut, ContractOut, ContractUser
from contracts.service import effective_status
from portal_common.privacy import mask_id_codes_in


def _shown(contract: Contract) -> dict[str, Any]:
    return {**contract.model_dump(), "status": effective_status(contract)}


def contract_out(contract: Contract) -> ContractOut:
    return ContractOut.model_validate(_shown(contract))


def contract_user(applicant: Applicant | None) -> ContractUser:
    """Every field null until identity's registration event has brought the applicant here."""
    if applicant is None:
        return ContractUser(full_name=None, username=None, email=None)
    return ContractUser.model_validate(applicant, from_attributes=True)


def admin_contract_out(contract: Contract, applicant: Applicant | None) -> AdminContractOut:
    """The admin's list and its row actions: ID codes in the title and text masked (issue 16, What each role
    sees); the signed PDF keeps the whole text."""
    return AdminContractOut.model_validate({**_shown(contract), "title": mask_id_codes_in(contract.title),
                                            "content": mask_id_codes_in(contract.content),
                                            "user": contract_user(applicant)})
