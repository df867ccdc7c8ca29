"""Money on the wire (issue 23): euros as decimal strings with two decimals ("490.00"), never floats; cents inside."""

CENTS_PER_EURO = 100


def euros(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    whole, fraction = divmod(abs(cents), CENTS_PER_EURO)
    return f"{sign}{whole}.{fraction:02d}"
