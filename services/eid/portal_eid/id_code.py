"""Estonian personal identification codes (EVS 585:2007): 11 digits, the last a checksum."""

_WEIGHTS_1 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 1)
_WEIGHTS_2 = (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)


def checksum(first_ten: str) -> int:
    digits = [int(c) for c in first_ten]
    total = sum(d * w for d, w in zip(digits, _WEIGHTS_1, strict=True)) % 11
    if total < 10:
        return total
    total = sum(d * w for d, w in zip(digits, _WEIGHTS_2, strict=True)) % 11
    return total if total < 10 else 0


def is_valid(code: str) -> bool:
    """True for 11 digits whose century digit is 1-8 and whose last digit is the checksum. The birth date is not
    checked: SK's demo accounts (30303039914 ...) carry dates that are not in any calendar."""
    return len(code) == 11 and code.isascii() and code.isdigit() and code[0] in "12345678" \
        and checksum(code[:10]) == int(code[10])
