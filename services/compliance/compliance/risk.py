"""A client's risk from the dated risk tables (issue 35): each factor that applies with its weight, their sum the
score, the score's level, and the level's periodic review date. The weights, the countries and the levels are rows
(models.CountryRisk, RiskFactorWeight, RiskLevelRule): a change is a new row from its day, never code."""

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from compliance.models import Client, ClientPerson, CountryRisk, RiskFactorWeight, RiskLevelRule
from portal_common.listing import column

# More layers of companies than this between a client and its owners is a factor (issue 35).
MAX_PLAIN_LAYERS = 2


@dataclass(frozen=True)
class Assessment:
    score: int
    level: str
    factors: list[dict[str, Any]]
    review_months: int


def _in_force(model: Any, day: date) -> list[Any]:
    return [column(model.effective_from) <= day,
            or_(column(model.effective_to).is_(None), column(model.effective_to) >= day)]


async def assess(db: AsyncSession, client: Client, people: list[ClientPerson], day: date) -> Assessment:
    weights = {row.factor: row for row in (await db.execute(
        select(RiskFactorWeight).where(*_in_force(RiskFactorWeight, day)))).scalars()}
    factors: list[dict[str, Any]] = []

    def add(factor: str, **details: Any) -> None:
        row = weights.get(factor)
        if row is not None:
            factors.append({"factor": factor, "weight": row.weight, "rating": row.rating, **details})

    add("board_member_service")
    if client.kind == "company":
        add("company_client")
    peps = [person.full_name for person in people if person.pep]
    if peps:
        add("pep", people=peps)
    if client.ownership_layers > MAX_PLAIN_LAYERS:
        add("ownership_layers", layers=client.ownership_layers)
    countries = {client.country} | {p.nationality for p in people} | {p.country_of_residence for p in people}
    listed = (await db.execute(select(CountryRisk).where(
        column(CountryRisk.country).in_(sorted(countries)), *_in_force(CountryRisk, day))
        .order_by(column(CountryRisk.country)))).scalars().all()
    for row in listed:
        factors.append({"factor": "high_risk_country", "weight": row.weight, "rating": "high",
                        "country": row.country, "listing": row.listing})
    score = sum(int(f["weight"]) for f in factors)
    levels = sorted((await db.execute(select(RiskLevelRule).where(*_in_force(RiskLevelRule, day)))).scalars(),
                    key=lambda rule: rule.min_score)
    rule = [r for r in levels if r.min_score <= score][-1]
    return Assessment(score, rule.level, factors, rule.review_months)


def months_later(day: date, months: int) -> date:
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    for last in (31, 30, 29, 28):
        try:
            return date(year, month, min(day.day, last))
        except ValueError:
            continue
    raise ValueError(day)
