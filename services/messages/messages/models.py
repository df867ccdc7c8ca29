"""messages's tables."""

from portal_common.consumer import ProcessedEvent  # noqa: F401  (part of this service's schema)
from portal_common.outbox import OutboxEvent  # noqa: F401
