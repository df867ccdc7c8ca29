"""The board member's liability notice (issue 36, "A liability notice they understand, before they consent"): what
being a member of a company's management board means in law, in plain Estonian and English, versioned and
published like the terms (`python -m identity publish-policy --document liability --version YYYY-MM-DD`).

The applicant is shown the current version once a company is assigned and confirms having read it; each
acknowledgement is kept with its version, time, IP address and user agent, and a newer version is acknowledged
again. A published version shows the newest text written on or before its date (TEXTS), so publishing a version
without new wording asks everyone to read the same text again.
"""

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity import consents
from identity.consent_schemas import LIABILITY
from identity.errors import IdentityErrorCode
from identity.models import LiabilityAcknowledgement
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode

NOT_PUBLISHED = "No liability notice has been published yet"
OUTDATED = "This is not the current version of the liability notice; reload the page and read it again"


@dataclass(frozen=True)
class NoticeText:
    title: str
    paragraphs: tuple[str, ...]


FIRST = date(2026, 12, 1)
TEXTS: dict[date, dict[str, NoticeText]] = {FIRST: {
    "et": NoticeText("Mida tähendab olla juhatuse liige", (
        "Teist saab ettevõtte juhatuse liige ehk ettevõtte seaduslik juht. Seadus ei tunne „nominaalset“ "
        "juhatuse liiget: see, et te ettevõtte igapäevaste asjadega ei tegele, ei vabasta teid vastutusest.",
        "Juhatuse liige peab tegutsema hoolikalt ja vastutab ettevõtte ees kahju eest, mille ta oma kohustusi "
        "rikkudes põhjustab (äriseadustiku § 187). Nõudeid võidakse esitada viie aasta jooksul.",
        "Teatud juhtudel võite isiklikult vastutada ettevõtte maksuvõlgade eest.",
        "Juhatuse liikmena allkirjastate ettevõtte majandusaasta aruande ja esitate selle tegelike kasusaajate "
        "andmed. Kontrollige alati, et need on õiged.",
        "Teie nimi on äriregistris avalik: igaüks näeb, et olete selle ettevõtte juhatuse liige.",
        "Pärast ametiaja lõppu kustutatakse teid äriregistrist alles siis, kui ettevõtte osanikud selle "
        "avalduse esitavad. Meie kohustume, et osanikud esitavad selle hiljemalt 5 Eesti pangapäeva jooksul "
        "pärast ametiaja viimast päeva; portaal näitab seda kuupäeva. Kuni kustutamiseni võite jääda vastutavaks.",
        "Ärge kunagi andke kellelegi oma ID-kaarti, PIN-koode ega Mobiil-ID või Smart-ID kasutamise võimalust.",
        "Kui teilt palutakse teha midagi, mida te pole näinud või millest te aru ei saa, ärge seda tehke ja "
        "andke meile kohe teada.",
    )),
    "en": NoticeText("What being a board member means", (
        "You become a member of the company's management board: its legal manager. The law knows no "
        "\u201cnominal\u201d board member: not running the company's day-to-day business is no defence.",
        "A board member must act with due care and is liable to the company for damage caused by breaching "
        "their duties (Commercial Code \u00a7187). Claims can be made for five years.",
        "In some cases you can be personally liable for the company's tax debts.",
        "As a board member you sign the company's annual report and submit its beneficial-owner data. Always "
        "check that they are correct.",
        "Your name is public in the Business Register: anyone can see that you are on this company's board.",
        "When your term ends, you are removed from the Business Register only when the company's shareholders "
        "file your removal. We commit that they file it within 5 Estonian banking days after the term's last "
        "day; the portal shows you that date. Until you are removed you can remain liable.",
        "Never hand over your ID-card, its PINs, or the use of your Mobile-ID or Smart-ID to anyone.",
        "If you are asked to do anything you have not seen or do not understand, do not do it, and tell us "
        "at once.",
    )),
}}


def text_of(version: date, language: str) -> NoticeText:
    """The newest text written on or before ``version``, in ``language`` (Estonian unless English)."""
    written = max((day for day in TEXTS if day <= version), default=min(TEXTS))
    return TEXTS[written]["en" if language == "en" else "et"]


async def current_version(db: AsyncSession) -> date:
    version = await consents.current_version(db, LIABILITY)
    if version is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, NOT_PUBLISHED)
    return version


async def acknowledged_at(db: AsyncSession, user_id: int, version: date) -> datetime | None:
    query = select(LiabilityAcknowledgement.acknowledged_at).where(
        col(LiabilityAcknowledgement.user_id) == user_id, col(LiabilityAcknowledgement.version) == version)
    return (await db.exec(query)).first()


async def acknowledge(db: AsyncSession, user_id: int, version: date, ip: str | None,
                      user_agent: str | None) -> datetime:
    """Records the acknowledgement of the current version (422 for any other, nothing stored); acknowledging it
    again keeps the first one."""
    if version != await current_version(db):
        raise ApiError(422, IdentityErrorCode.NOTICE_VERSION_OUTDATED, OUTDATED)
    agent = (user_agent or "")[:consents.USER_AGENT_MAX_LENGTH] or None
    await db.execute(insert(LiabilityAcknowledgement).values(
        user_id=user_id, version=version, acknowledged_at=utcnow(), ip_address=ip, user_agent=agent)
        .on_conflict_do_nothing(constraint="uq_liability_acknowledgements_user_version"))
    found = await acknowledged_at(db, user_id, version)
    assert found is not None
    return found
