"""Admin lists paged, sorted and searched on the server (issue 17): every admin list takes
``?q=&status=&sort=&order=&limit=&offset=`` and answers one page as a JSON array, with the number of matching
rows in ``X-Total-Count``. Which columns sort and which statuses filter belong to each service's route; this
module only holds the parts every list shares, so the parameters mean the same everywhere.

Search matches word beginnings ("ülle" finds "Ülle-Mai Tamm", "3900" an ID code, "example" an e-mail at
example.com) through a full-text index: a table keeps ``search_text`` (see ``search_text``) and a generated
``tsvector`` column over it with a GIN index (``SEARCH_VECTOR_SQL``), which core Postgres serves at any size.
Substring search would need pg_trgm, which the Postgres the local stack runs (pgserver) does not ship."""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar, cast

from fastapi import Depends, Query, Response
from sqlalchemy import ColumnElement, Select, func, select, true
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from portal_common.validation import MAX_DB_INT

TOTAL_HEADER = "X-Total-Count"
DEFAULT_LIMIT = 50
MAX_LIMIT = 200
MAX_QUERY_LENGTH = 200
# For `responses=` on a list route, so the OpenAPI document (and the SPA's types) name the header.
TOTAL_RESPONSES: dict[int | str, dict[str, Any]] = {200: {"headers": {TOTAL_HEADER: {
    "description": "how many rows match the filters, before limit and offset", "schema": {"type": "integer"}}}}}

Order = Literal["asc", "desc"]
Row = TypeVar("Row")


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


def column(attribute: Any) -> ColumnElement[Any]:
    """A model's column as the ColumnElement it is (sqlmodel types it as the Python value)."""
    return cast(ColumnElement[Any], col(attribute))


def _nullable(expression: ColumnElement[Any]) -> bool:
    # A plain column says; an expression over columns (lower(name)) is taken to be as NOT NULL as ours are.
    return bool(getattr(getattr(expression, "expression", expression), "nullable", False))


Sort = ColumnElement[Any] | Sequence[ColumnElement[Any]]


def _order_by(sorts: Sequence[tuple[ColumnElement[Any], bool]], tiebreak: ColumnElement[Any],
              descending: bool, reversed_order: bool = False) -> list[ColumnElement[Any]]:
    """``reversed_order``: the exact reverse of the order asked for, missing values first, for reading a page
    from the other end."""
    def direction(expression: ColumnElement[Any], nullable: bool) -> ColumnElement[Any]:
        way = expression.desc() if descending else expression.asc()
        if not nullable:
            return way
        return way.nulls_first() if reversed_order else way.nulls_last()
    return [*(direction(expression, nullable) for expression, nullable in sorts), direction(tiebreak, False)]


def _sorts(sort: Sort) -> list[ColumnElement[Any]]:
    return list(sort) if isinstance(sort, Sequence) else [sort]


def ordered(query: Select[Any], sort: Sort, tiebreak: ColumnElement[Any], descending: bool) -> Select[Any]:
    """Sorted by ``sort`` (one column or several), then by ``tiebreak`` (a unique column), all the same way, so
    pages never overlap. Missing values (a nullable column's) come last either way; a NOT NULL column gets no
    NULLS LAST, which would keep Postgres from reading a plain (column, id) index backwards for DESC."""
    return query.order_by(*_order_by([(s, _nullable(s)) for s in _sorts(sort)], tiebreak, descending))


async def page_of_ids(db: AsyncSession, ids: ColumnElement[Any], sort: Sort,
                      conditions: Sequence[ColumnElement[bool]], page: PageParams, descending: bool,
                      response: Response) -> list[Any]:
    """The ids of one page of ``ids``'s table (a unique column), filtered by ``conditions`` and sorted by
    ``sort``; sets X-Total-Count. Only ids are paged, so a far page skips index entries, not whole rows; the
    caller loads the page's rows by id (``in_order``)."""
    sorts = [(expression, _nullable(expression)) for expression in _sorts(sort)]
    if page.term is not None:
        page_ids, total = await _searched_page(db, ids, sorts, conditions, page, descending)
    else:
        page_ids, total = await _indexed_page(db, ids, sorts, conditions, page, descending)
    response.headers[TOTAL_HEADER] = str(total)
    return page_ids


async def _count(db: AsyncSession, ids: ColumnElement[Any], conditions: Sequence[ColumnElement[bool]]) -> int:
    counted = select(func.count()).select_from(ids.table).where(*conditions)
    return int((await db.execute(counted)).scalar_one())


async def _indexed_page(db: AsyncSession, ids: ColumnElement[Any], sorts: list[tuple[ColumnElement[Any], bool]],
                        conditions: Sequence[ColumnElement[bool]], page: PageParams,
                        descending: bool) -> tuple[list[Any], int]:
    """Walks the sort's index. A page past the middle is read from the other end of it, so the last page costs
    what the first does."""
    total = await _count(db, ids, conditions)
    offset, limit = page.offset, page.limit
    from_the_end = offset > total // 2
    if from_the_end:  # the rows [offset, offset + limit) counted from the other end
        limit = max(0, min(limit, total - offset))
        offset = max(0, total - offset - limit)
        descending = not descending
    if limit == 0:
        return [], total
    query = select(ids).where(*conditions).order_by(*_order_by(sorts, ids, descending, from_the_end))
    page_ids = list((await db.execute(query.limit(limit).offset(offset))).scalars())
    return (page_ids[::-1] if from_the_end else page_ids), total


async def _searched_page(db: AsyncSession, ids: ColumnElement[Any], sorts: list[tuple[ColumnElement[Any], bool]],
                         conditions: Sequence[ColumnElement[bool]], page: PageParams,
                         descending: bool) -> tuple[list[Any], int]:
    """A search's matches are gathered once (through the GIN index), then counted and sorted by themselves, in
    one statement: walking the sort's index instead, Postgres, which guesses that a prefix search matches 2% of
    the rows, would read most of the table to find a few rare ones."""
    keys = [expression.label(f"sort_{n}") for n, (expression, _) in enumerate(sorts)]
    found = select(ids.label("id"), *keys).where(*conditions).cte("found").prefix_with("MATERIALIZED")
    found_sorts = [(found.c[f"sort_{n}"], nullable) for n, (_, nullable) in enumerate(sorts)]
    total = select(func.count()).select_from(found).scalar_subquery()
    query = (select(found.c.id, total.label("total")).order_by(*_order_by(found_sorts, found.c.id, descending))
             .limit(page.limit).offset(page.offset))
    rows = (await db.execute(query)).all()
    if not rows:  # a page past the end: nothing to read the total from
        return [], await _count(db, ids, conditions)
    return [row.id for row in rows], int(rows[0].total)


def in_order(rows: Sequence[Row], ids: list[Any], key: Callable[[Row], Any]) -> list[Row]:
    """``rows`` (loaded by id) in the order of ``ids``."""
    by_id = {key(row): row for row in rows}
    return [by_id[row_id] for row_id in ids if row_id in by_id]
