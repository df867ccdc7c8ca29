"""The contracts service's own Prometheus series (issue 21, Metrics): signatures, how long a PDF takes to make,
how long finishing an eID signature takes (issue 33), and when the sealing certificate expires (an alert fires 30
days before: deploy/monitoring/alerts.py)."""

import math
from collections.abc import Callable

from prometheus_client import Counter, Gauge, Histogram

from contracts.sealing import Seal

SIGNATURES = Counter("portal_contracts_signatures", "Contracts signed, by signing method.", ["method"])
PDF_RENDER_SECONDS = Histogram("portal_contracts_pdf_render_duration_seconds",
                               "Time to make a signed contract's PDF (and seal it when a seal is configured).",
                               buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
# Issue 33 (make bench, gateway/bench/bench_esign.py): the portal's own work once the signer's signature value is in
# hand (the phone's answer from SK, the card's from the browser): the time-stamp, the OCSP response after it, the
# ASiC-E container, and the contract's signed rows staged in the request's transaction (its commit follows).
ESIGN_FINISH_SECONDS = Histogram("portal_contracts_esign_finish_duration_seconds",
                                 "From the signer's signature value to the signed container staged for storage "
                                 "(time-stamp, OCSP, container), by signing method.", ["method"],
                                 buckets=(0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0, 2.5, 5.0, 10.0))
SEAL_CERTIFICATE_EXPIRY = Gauge("portal_contracts_seal_certificate_expiry_timestamp_seconds",
                                "When the contract sealing certificate stops being valid (Unix time; NaN "
                                "when no seal is configured).")


def watch_seal_expiry(seal_of_settings: Callable[[], Seal | None]) -> None:
    def expiry() -> float:
        try:
            seal = seal_of_settings()
        except Exception:  # an unreadable seal stops the service at start (sealing.announce_seal); a scrape never fails
            return math.nan
        if seal is None:
            return math.nan
        return float(seal.certificate["tbs_certificate"]["validity"]["not_after"].native.timestamp())

    SEAL_CERTIFICATE_EXPIRY.set_function(expiry)
