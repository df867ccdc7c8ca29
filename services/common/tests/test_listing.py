"""portal_common.listing (issue 17, Lists): what every admin list's search and sort mean, against real Postgres —
word-beginning search that folds Estonian letters, finds an e-mail by its parts and an ID code by its start, and
cannot be broken by what is typed; sorts that page without overlaps and keep NULLS LAST off NOT NULL columns."""

from typing import Any

import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, create_engine, select, text
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects.postgresql import TSVECTOR

from portal_common.listing import SEARCH_VECTOR_SQL, matches, ordered, search_term, search_text

ROWS = [
    (1, search_text("Ülle-Mai Tamm", "ylle.tamm@example.ee", "49001010000")),
    (2, search_text("Jaan Õunapuu", "jaan@kool.ee", "38512120000")),
    (3, search_text("Mari Maasikas", "mari_m@example.com", "49403136526")),
]
metadata = MetaData()
people = Table("people", metadata, Column("id", Integer, primary_key=True), Column("name", String, nullable=False),
               Column("nickname", String, nullable=True))


def test_search_text_is_folded_and_split() -> None:
    text = search_text("Ülle-Mai TAMM", None, "ylle.tamm@example.ee")
    assert text.startswith("ülle-mai tamm ylle.tamm@example.ee ")
    assert {"ülle", "mai", "tamm", "ylle", "example", "ee"} <= set(text.split())


def test_search_term_drops_control_characters_and_extra_spaces() -> None:
    assert search_term("  Ülle \t\x00 Tamm ") == "ülle tamm"
    assert search_term(" \x07 ") is None
    assert search_term(None) is None


@pytest.mark.parametrize(("term", "found"), [
    ("ülle", {1}), ("ÜLLE", {1}), ("tam", {1}), ("mai tamm", {1}), ("example", {1, 3}), ("kool", {2}),
    ("4900", {1}), ("õuna", {2}), ("mari_m", {3}), ("tamm jaan", set()), ("amm", set()),
    ("'; drop table x; --", set()), ("a:* | b", set()), ("!!!", {1, 2, 3}),
])
def test_matches_finds_word_beginnings_only(stack: Any, term: str, found: set[int]) -> None:
    searched = Table("searched", MetaData(), Column("id", Integer), Column("search_vector", TSVECTOR))
    engine = create_engine(stack.database_url("messages").replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as db:
            db.execute(text("create temporary table searched (id int, search_text text, "
                            f"search_vector tsvector generated always as ({SEARCH_VECTOR_SQL}) stored)"))
            db.execute(text("insert into searched (id, search_text) values (:id, :text)"),
                       [{"id": id_, "text": text_} for id_, text_ in ROWS])
            rows = db.execute(select(searched.c.id).where(matches(searched.c.search_vector, term))).all()
    finally:
        engine.dispose()
    assert {row[0] for row in rows} == found


def _order_sql(column: Any, descending: bool) -> str:
    query = ordered(select(people.c.id), column, people.c.id, descending)
    return str(query.compile(dialect=postgresql.dialect())).split("ORDER BY", 1)[1].strip()


def test_not_null_columns_sort_without_nulls_last_so_an_index_serves_both_ways() -> None:
    assert _order_sql(people.c.name, descending=True) == "people.name DESC, people.id DESC"
    assert _order_sql(people.c.name, descending=False) == "people.name ASC, people.id ASC"


def test_nullable_columns_put_the_missing_last_either_way() -> None:
    assert _order_sql(people.c.nickname, descending=True) == "people.nickname DESC NULLS LAST, people.id DESC"
    assert _order_sql(people.c.nickname, descending=False) == "people.nickname ASC NULLS LAST, people.id ASC"


async def test_pages_read_from_the_far_end_keep_missing_values_last(stack: Any) -> None:
    """Every page, including those past the middle (read from the other end of the index), matches the one
    ordered list, with a nullable sort column's missing values last in both directions."""
    from fastapi import Response
    from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

    from portal_common.listing import PageParams, page_of_ids

    rows = [(n, None if n % 3 == 0 else n % 4) for n in range(1, 12)]
    table = Table("paged", MetaData(), Column("id", Integer, primary_key=True), Column("rank", Integer))
    engine = create_async_engine(stack.database_url("messages").replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        async with engine.connect() as connection:
            await connection.execute(text("create temporary table paged (id int primary key, rank int)"))
            await connection.execute(table.insert(), [{"id": id_, "rank": rank} for id_, rank in rows])
            db = AsyncSession(bind=connection)
            for descending in (False, True):
                known = sorted((r for r in rows if r[1] is not None), key=lambda r: (r[1], r[0]), reverse=descending)
                expected = [r[0] for r in known] + sorted((r[0] for r in rows if r[1] is None), reverse=descending)
                pages: list[int] = []
                for offset in range(0, len(rows), 2):
                    pages += await page_of_ids(db, table.c.id, table.c.rank, [], PageParams(None, None, 2, offset),
                                               descending, Response())
                assert pages == expected, descending
    finally:
        await engine.dispose()
