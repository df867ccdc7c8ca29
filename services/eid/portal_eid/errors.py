"""What goes wrong, as the codes the services answer with (issue 33)."""

from typing import Literal

CertificateCode = Literal["certificate_untrusted", "certificate_revoked", "certificate_not_qualified",
                          "signer_mismatch", "certificate_invalid"]


class EidError(Exception):
    """Base of this package's errors."""


class CertificateError(EidError):
    """The signer's (or authenticating person's) certificate is refused: a 422 with ``code``."""

    def __init__(self, code: CertificateCode, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code: CertificateCode = code
        self.detail = detail


class ServiceUnavailable(EidError):
    """An external service (OCSP, TSA, Smart-ID, Mobile-ID) could not be reached, answered with an error or with
    an answer that does not check out: the caller answers 503 with Retry-After and changes nothing."""

    def __init__(self, service: str, detail: str, retry_after_seconds: int = 30) -> None:
        super().__init__(f"{service}: {detail}")
        self.service = service
        self.detail = detail
        self.retry_after_seconds = retry_after_seconds
