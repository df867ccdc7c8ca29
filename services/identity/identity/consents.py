"""Consent to the published versions of the terms, the privacy policy and the employment contract text (issue 16
"Consent"): each acceptance is kept with its time, IP address and user agent; when a newer version is published,
an applicant has to accept it before going on (the SPA asks when GET /api/user says `consentRequired`)."""

from collections.abc import Iterable
from datetime import date

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.consent_schemas import POLICY_DOCUMENTS, PolicyDocument, PolicyVersionOut, PublishedDocument
from identity.errors import IdentityErrorCode
from identity.models import Consent, PolicyVersion, User
from portal_common.errors import ApiError

USER_AGENT_MAX_LENGTH = 500


class PublishRefused(Exception):
    """The command line will not publish this version; the message says why."""


async def current_versions(db: AsyncSession) -> dict[PolicyDocument, date]:
    """The latest published version of each document."""
    query = select(PolicyVersion.document, func.max(PolicyVersion.version)).group_by(col(PolicyVersion.document))
    found = {document: version for document, version in (await db.exec(query)).all()}
    return {document: found[document] for document in POLICY_DOCUMENTS if document in found}


async def _accepted_versions(db: AsyncSession, user_id: int) -> set[tuple[str, date]]:
    query = select(col(Consent.document), col(Consent.version)).where(col(Consent.user_id) == user_id)
    return {(document, version) for document, version in (await db.exec(query)).all()}


async def outstanding(db: AsyncSession, user_id: int) -> list[PolicyVersionOut]:
    """The current versions this user has not accepted."""
    current = await current_versions(db)
    have = await _accepted_versions(db, user_id)
    return [PolicyVersionOut(document=document, version=version) for document, version in current.items()
            if (document, version) not in have]


async def required_of(db: AsyncSession, user: User) -> list[PolicyVersionOut]:
    """What the user has to accept before going on; nothing for admins, who accept no applicant texts."""
    if user.role == "admin" or user.id is None:
        return []
    return await outstanding(db, user.id)


async def consent_required(db: AsyncSession, user: User) -> bool:
    return bool(await required_of(db, user))


async def accepted_consents(db: AsyncSession, user_id: int) -> list[Consent]:
    query = (select(Consent).where(col(Consent.user_id) == user_id)
             .order_by(col(Consent.accepted_at).desc(), col(Consent.id).desc()))
    return list((await db.exec(query)).all())


def outdated(document: PolicyDocument) -> ApiError:
    return ApiError(422, IdentityErrorCode.CONSENT_VERSION_OUTDATED,
                    f"This is not the current version of the {document} text; reload the page and accept it again")


async def accept(db: AsyncSession, user_id: int, accepted: Iterable[PolicyVersionOut], ip: str | None,
                 user_agent: str | None) -> None:
    """Records each current version accepted; a version already on record is not recorded twice, an outdated one
    refuses them all."""
    current = await current_versions(db)
    wanted = {(item.document, item.version) for item in accepted}
    for document, version in wanted:
        if current.get(document) != version:
            raise outdated(document)
    have = await _accepted_versions(db, user_id)
    agent = (user_agent or "")[:USER_AGENT_MAX_LENGTH] or None
    for document, version in sorted(wanted - have):
        db.add(Consent(user_id=user_id, document=document, version=version, ip_address=ip, user_agent=agent))


async def accept_current(db: AsyncSession, user_id: int, ip: str | None, user_agent: str | None) -> None:
    """At registration the applicant accepts the terms, the privacy policy and the contract text as published now."""
    current = await current_versions(db)
    await accept(db, user_id, [PolicyVersionOut(document=document, version=version)
                               for document, version in current.items()], ip, user_agent)


async def current_version(db: AsyncSession, document: PublishedDocument) -> date | None:
    """The latest published version of one document (the liability notice too, issue 36)."""
    query = select(func.max(PolicyVersion.version)).where(col(PolicyVersion.document) == document)
    return (await db.exec(query)).one()


async def publish(db: AsyncSession, document: PublishedDocument, version: date) -> PolicyVersion:
    """A new current version; it must be later than the one published now, so accepted versions stay in order."""
    current = await current_version(db, document)
    if current is not None and version <= current:
        raise PublishRefused(f"the {document} text is already at version {current.isoformat()}; "
                             f"a new version must be a later date")
    published = PolicyVersion(document=document, version=version)
    db.add(published)
    return published
