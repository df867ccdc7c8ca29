"""What admins see of an applicant's personal data (issue 16, What each role sees): lists and pickers show a
national ID code masked, the application detail and the applicant's own views show it whole."""

import re

# An Estonian ID code standing alone in a text: eleven digits, the first 1-8, no digit either side.
ID_CODE_IN_TEXT = re.compile(r"(?<!\d)[1-8]\d{10}(?!\d)")
MASK = "•"
SHOWN_AT_START = 1
SHOWN_AT_END = 2


def _masked(code: str) -> str:
    hidden = len(code) - SHOWN_AT_START - SHOWN_AT_END
    if hidden <= 0:
        return MASK * len(code)
    return code[:SHOWN_AT_START] + MASK * hidden + code[-SHOWN_AT_END:]


def mask_id_code(code: str | None) -> str | None:
    """``49001010021`` → ``4••••••••21``: the first digit and the last two, the rest hidden, length kept.

    A value too short to keep anything hidden is masked whole rather than shown."""
    return None if code is None else _masked(code)


def mask_id_codes_in(text: str) -> str:
    """Every ID code in a free text masked, such as the one a contract's text names its signer by."""
    return ID_CODE_IN_TEXT.sub(lambda found: _masked(found.group()), text)
