"""identity's part of a person's data export (issue 16, Download my data): the account and profile, the contract
accepted at registration, the consents given, the passkeys' names. Never a secret: no password hash, no TOTP
secret, no recovery codes, no tokens, no passkey keys."""

from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.models import Consent, ContractAcceptance, LiabilityAcknowledgement, Passkey, User
from portal_common.app import Subscription
from portal_common.events import EventEnvelope, IdentityExportPart, PrivacyExportRequested, read_payload
from portal_common.privacy_export import stage_export_part

SERVICE = "identity"


def _account(user: User) -> dict[str, Any]:
    return {
        "id": user.id, "username": user.username, "role": user.role, "language": user.language,
        "createdAt": user.created_at, "lastSignInAt": user.last_login_at,
        "secondFactor": user.totp_confirmed_at is not None, "deactivatedAt": user.deactivated_at,
    }


def _profile(user: User) -> dict[str, Any]:
    return {"fullName": user.full_name, "email": user.email, "phone": user.phone, "dateOfBirth": user.date_of_birth,
            "idCode": user.id_code, "city": user.city, "address": user.address}


async def identity_data(db: AsyncSession, user_id: int) -> dict[str, Any]:
    user = await db.get(User, user_id)
    if user is None:
        return {"account": None}
    acceptances = (await db.exec(select(ContractAcceptance).where(col(ContractAcceptance.user_id) == user_id)
                                 .order_by(col(ContractAcceptance.id)))).all()
    consents = (await db.exec(select(Consent).where(col(Consent.user_id) == user_id)
                              .order_by(col(Consent.accepted_at), col(Consent.id)))).all()
    acknowledgements = (await db.exec(
        select(LiabilityAcknowledgement).where(col(LiabilityAcknowledgement.user_id) == user_id)
        .order_by(col(LiabilityAcknowledgement.acknowledged_at), col(LiabilityAcknowledgement.id)))).all()
    passkeys = (await db.exec(select(Passkey).where(col(Passkey.user_id) == user_id)
                              .order_by(col(Passkey.id)))).all()
    return {
        "account": _account(user),
        "profile": _profile(user),
        "contractAcceptances": [
            {"fullName": a.full_name, "idCode": a.id_code, "language": a.language, "acceptedAt": a.accepted_at,
             "ipAddress": a.ip_address, "userAgent": a.user_agent} for a in acceptances],
        "consents": [
            {"document": c.document, "version": c.version, "acceptedAt": c.accepted_at, "ipAddress": c.ip_address,
             "userAgent": c.user_agent} for c in consents],
        "liabilityNoticeAcknowledgements": [
            {"version": a.version, "acknowledgedAt": a.acknowledged_at, "ipAddress": a.ip_address,
             "userAgent": a.user_agent} for a in acknowledgements],
        "passkeys": [{"name": p.name, "createdAt": p.created_at, "lastUsedAt": p.last_used_at} for p in passkeys],
    }


async def on_export_requested(db: AsyncSession, envelope: EventEnvelope) -> None:
    request = read_payload(envelope, PrivacyExportRequested)
    stage_export_part(db, IdentityExportPart, request, SERVICE, await identity_data(db, request.user_id))


SUBSCRIPTIONS = [Subscription(PrivacyExportRequested.TYPE, on_export_requested)]
