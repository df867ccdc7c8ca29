"""Admin lists paged, sorted and searched on the server (issue 17): every admin list takes
``?q=&status=&sort=&order=&limit=&offset=`` and answers one page as a JSON array, with the number of matching
rows in ``X-Total-Count``. Which columns sort and which statuses filter belong to each service's route; this
module only holds the parts every list shares, so the parameters mean the same everywhere.

Search matches word beginnings ("ülle" finds "Ülle-Mai Tamm", "3900" an ID code, "example" an e-mail at
example.com) through a full-text index: a table keeps ``search_text`` (see ``search_text``) and a generated
``tsvector`` column over it with a GIN index (``SEARCH_VECTOR_SQL``), which core Postgres serves at any size.
Substring search would need pg_trgm, which the Postgres the local stack runs (pgserver) does not ship."""

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import Depends, Query, Response
from sqlalchemy import ColumnElement, Select, func, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from portal_common.validation import MAX_DB_INT

TOTAL_HEADER = "X-Total-Count"
DEFAULT_LIMIT = 50
MAX_LIMIT = 200
MAX_QUERY_LENGTH = 200
# For `responses=` on a list route, so the OpenAPI document (and the SPA's types) name the header.
TOTAL_RESPONSES: dict[int | str, dict[str, Any]] = {200: {"headers": {TOTAL_HEADER: {
    "description": "how many rows match the filters, before limit and offset", "schema": {"type": "integer"}}}}}

Order = Literal["asc", "desc"]


@dataclass(frozen=True)
class PageParams:
    """``term`` is the search text case-folded (Python folds "Ü" to "ü", which Postgres's lower() does not do
    under the C locale), without control characters; None when there is nothing to search for."""

    term: str | None
    order: Order | None
    limit: int
    offset: int

    def descending(self, default: Order = "desc") -> bool:
        return (self.order or default) == "desc"


def search_term(q: str | None) -> str | None:
    term = "".join(ch for ch in (q or "") if ch.isprintable()).strip().casefold()
    return " ".join(term.split()) or None


def page_params(
    q: Annotated[str | None, Query(max_length=MAX_QUERY_LENGTH, description="search text")] = None,
    order: Annotated[Order | None, Query(description="sort direction; each sort has its own default")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT,
    offset: Annotated[int, Query(ge=0, le=MAX_DB_INT)] = 0,
) -> PageParams:
    return PageParams(search_term(q), order, limit, offset)


PageDep = Annotated[PageParams, Depends(page_params)]


SEARCH_CONFIG = "simple"  # no stemming and no stop words: names, e-mails and ID codes are not prose
# The generated column a searchable table declares (sa.Computed(SEARCH_VECTOR_SQL, persisted=True)), with a
# GIN index on it.
SEARCH_VECTOR_SQL = f"to_tsvector('{SEARCH_CONFIG}', search_text)"
WORD = re.compile(r"\w+")


def search_text(*parts: str | None) -> str:
    """What a row is found by, case-folded, with every e-mail and compound also split into its words (the
    full-text parser keeps "mari@example.com" as one token, which "example" would not find)."""
    text = " ".join(part for part in parts if part).casefold()
    return f"{text} {' '.join(WORD.findall(text))}".strip()


def matches(vector: ColumnElement[Any], term: str) -> ColumnElement[bool]:
    """Every word of ``term`` begins a word of the row: ``vector @@ to_tsquery('w1:* & w2:*')``. Only word
    characters reach the query, so no input can make it malformed; a term without any matches everything."""
    words = WORD.findall(term.casefold())
    if not words:
        return true()
    query = " & ".join(f"{word}:*" for word in words)
    return vector.op("@@")(func.to_tsquery(SEARCH_CONFIG, query))


def ordered(query: Select[Any], column: ColumnElement[Any], tiebreak: ColumnElement[Any],
            descending: bool) -> Select[Any]:
    """Sorted by ``column``, then by ``tiebreak`` (a unique column) the same way, so pages never overlap."""
    if descending:
        return query.order_by(column.desc().nulls_last(), tiebreak.desc())
    return query.order_by(column.asc().nulls_last(), tiebreak.asc())


async def fetch_page(db: AsyncSession, query: Select[Any], page: PageParams,
                     response: Response) -> list[Any]:
    """One page of an already filtered and ordered ``query``; sets X-Total-Count from the same filters."""
    counted = select(func.count()).select_from(query.order_by(None).subquery())
    response.headers[TOTAL_HEADER] = str((await db.execute(counted)).scalar_one())
    return list((await db.execute(query.limit(page.limit).offset(page.offset))).all())
