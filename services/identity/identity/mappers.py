"""identity's response bodies from its rows: the one place that decides what the API shows of an account."""

from identity.models import User
from identity.schemas import ProfileOut, UserOut


def user_out(user: User, *, second_factor: bool = False, second_factor_passed: bool = False) -> UserOut:
    """``second_factor``: the account has one enrolled; ``second_factor_passed``: the current session passed it."""
    shown = UserOut.model_validate(user, from_attributes=True)
    return shown.model_copy(update={"second_factor": second_factor, "second_factor_passed": second_factor_passed})


def profile_out(user: User) -> ProfileOut:
    return ProfileOut.model_validate(user, from_attributes=True)
