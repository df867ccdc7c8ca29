"""contracts' part of a person's data export (issue 16, Download my data): their contracts with the audit of
every signature, and each signed contract as the sealed PDF they would download (files/contracts/<id>.pdf)."""

from collections.abc import Sequence
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from contracts.config import get_settings
from contracts.models import Contract, SignatureAudit
from contracts.verification import sealed_contract_pdf
from portal_common.app import Subscription
from portal_common.events import ContractsExportPart, EventEnvelope, PrivacyExportRequested, read_payload
from portal_common.privacy_export import ExportFile, stage_export_part

SERVICE = "contracts"


def _signature(audit: SignatureAudit) -> dict[str, Any]:
    return {"signedAt": audit.signed_at, "method": audit.method, "ipAddress": audit.ip_address,
            "userAgent": audit.user_agent, "contentSha256": audit.content_sha256,
            "signatureSha256": audit.signature_sha256, "typedName": audit.typed_name,
            "typedIdCode": audit.typed_id_code, "signerName": audit.signer_name, "signerIdCode": audit.signer_id_code}


def _contract(contract: Contract, audits: Sequence[SignatureAudit]) -> dict[str, Any]:
    return {
        "id": contract.id, "kind": contract.kind, "title": contract.title, "status": contract.status,
        "content": contract.content, "createdAt": contract.created_at, "sentAt": contract.sent_at,
        "firstViewedAt": contract.first_viewed_at, "signedAt": contract.signed_at, "expiresAt": contract.expires_at,
        "contentSha256": contract.content_sha256, "signatureData": contract.signature_data,
        "pdf": f"files/contracts/{contract.id}.pdf" if contract.signed_at else None,
        "signatureAudit": [_signature(audit) for audit in audits],
    }


async def contracts_part(db: AsyncSession, user_id: int) -> tuple[dict[str, Any], list[ExportFile]]:
    contracts = (await db.exec(select(Contract).where(col(Contract.user_id) == user_id)
                               .order_by(col(Contract.created_at), col(Contract.id)))).all()
    audits = (await db.exec(select(SignatureAudit)
                            .where(col(SignatureAudit.contract_id).in_([c.id for c in contracts]))
                            .order_by(col(SignatureAudit.id)))).all()
    data, files = [], []
    for contract in contracts:
        own = [audit for audit in audits if audit.contract_id == contract.id]
        data.append(_contract(contract, own))
        if contract.signed_at is not None:
            pdf = await sealed_contract_pdf(contract, own[-1] if own else None, get_settings())
            files.append(ExportFile(f"{contract.id}.pdf", pdf))
    return {"contracts": data}, files


async def on_export_requested(db: AsyncSession, envelope: EventEnvelope) -> None:
    request = read_payload(envelope, PrivacyExportRequested)
    data, files = await contracts_part(db, request.user_id)
    stage_export_part(db, ContractsExportPart, request, SERVICE, data, files)


SUBSCRIPTIONS = [Subscription(PrivacyExportRequested.TYPE, on_export_requested)]
