"""Helpers of the eID tests."""

from portal_eid.id_code import checksum


def id_code(first_ten: str) -> str:
    """A valid ID code from its first ten digits: each test that revokes or changes a person has its own."""
    return first_ten + str(checksum(first_ten))
