"""identity's response bodies from its rows: the one place that decides what the API shows of an account."""

from identity.models import User
from identity.schemas import ProfileOut, UserOut


def user_out(user: User) -> UserOut:
    return UserOut.model_validate(user, from_attributes=True)


def profile_out(user: User) -> ProfileOut:
    return ProfileOut.model_validate(user, from_attributes=True)
