"""The payroll service's ASGI app: ``uvicorn payroll.main:app``."""

from payroll import erasure, handlers, routes
from payroll.config import get_settings
from payroll.errors import ERROR_CODES
from portal_common.app import Subscription, create_service_app
from portal_common.events import (
    ApplicationReopened,
    CompanyAssigned,
    CompanyTransferred,
    ProfileUpdated,
    UserRegistered,
)

app = create_service_app("payroll", get_settings(), [routes.router], error_codes=ERROR_CODES, subscriptions=[
    Subscription(CompanyAssigned.TYPE, handlers.on_company_assigned),
    Subscription(CompanyTransferred.TYPE, handlers.on_company_transferred),
    Subscription(ApplicationReopened.TYPE, handlers.on_application_reopened),
    Subscription(UserRegistered.TYPE, handlers.on_user_registered),
    Subscription(ProfileUpdated.TYPE, handlers.on_profile_updated),
    *erasure.SUBSCRIPTIONS,
])
