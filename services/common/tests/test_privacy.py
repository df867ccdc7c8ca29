"""Issue 16, What each role sees: "ID codes are masked in admin lists and user pickers (first digit and last
two: 4••••••••21)". One helper every service uses."""

import pytest

from portal_common.privacy import mask_id_code, mask_id_codes_in


@pytest.mark.parametrize(("code", "masked"), [
    ("49001010021", "4••••••••21"),
    ("37605030299", "3••••••••99"),
    ("+1234567890", "+••••••••90"),  # a stored oddity keeps its first character: CSV cells still guard formulas
    ("1234", "1•34"),
    ("123", "•••"),  # too short to hide anything by the rule: hidden whole rather than shown
    ("", ""),
    (None, None),
])
def test_mask_id_code_keeps_the_first_digit_and_the_last_two(code: str | None, masked: str | None) -> None:
    assert mask_id_code(code) == masked


def test_mask_id_codes_in_a_text_masks_every_code_standing_alone() -> None:
    text = "Isikukood: 49001010021\nID code 37605030299, IBAN EE382200221020145685, phone 55512345, 123456789012"
    assert mask_id_codes_in(text) == (
        "Isikukood: 4••••••••21\nID code 3••••••••99, IBAN EE382200221020145685, phone 55512345, 123456789012")
