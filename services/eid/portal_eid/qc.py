"""The OIDs and ASN.1 of qualified certificates (ETSI EN 319 412-1/-2/-5) and SK's certificate policies."""

from asn1crypto import core

QC_STATEMENTS = "1.3.6.1.5.5.7.1.3"
QC_COMPLIANCE = "0.4.0.1862.1.1"
QC_SSCD = "0.4.0.1862.1.4"
QC_PDS = "0.4.0.1862.1.5"
QC_TYPE = "0.4.0.1862.1.6"
QC_TYPE_ESIGN = "0.4.0.1862.1.6.1"
QC_SEMANTICS_V2 = "1.3.6.1.5.5.7.11.2"
SEMANTICS_NATURAL_PERSON = "0.4.0.194121.1.1"

# ETSI EN 319 411-2: a qualified certificate for a natural person on a QSCD; EN 319 411-1: NCP+ (advanced).
POLICY_QCP_N_QSCD = "0.4.0.194112.1.2"
POLICY_QCP_N = "0.4.0.194112.1.0"
POLICY_NCP_PLUS = "0.4.0.2042.1.2"
# SK ID Solutions' own policies (ESTEID2018 for ID-card and Mobile-ID, Smart-ID's qualified and non-qualified).
POLICY_SK_ESTEID = "1.3.6.1.4.1.51361.1.1.1"
POLICY_SK_SMART_ID_QUALIFIED = "1.3.6.1.4.1.10015.17.2"
POLICY_SK_SMART_ID_ADVANCED = "1.3.6.1.4.1.10015.17.1"


# asn1crypto fills its classes' _fields in place: they stay lists.
class QcStatement(core.Sequence):  # type: ignore[misc]
    _fields = [("statement_id", core.ObjectIdentifier), ("statement_info", core.Any, {"optional": True})]  # noqa: RUF012


class QcStatements(core.SequenceOf):  # type: ignore[misc]
    _child_spec = QcStatement


class _PdsLocation(core.Sequence):  # type: ignore[misc]
    _fields = [("url", core.IA5String), ("language", core.PrintableString)]  # noqa: RUF012


class _PdsLocations(core.SequenceOf):  # type: ignore[misc]
    _child_spec = _PdsLocation


class _Oids(core.SequenceOf):  # type: ignore[misc]
    _child_spec = core.ObjectIdentifier


class _SemanticsInformation(core.Sequence):  # type: ignore[misc]
    _fields = [("semantics_identifier", core.ObjectIdentifier, {"optional": True})]  # noqa: RUF012


def encode_qualified_statements(pds_url: str) -> bytes:
    """The QC statements SK puts in a qualified signing certificate: compliance, a QSCD, type e-signature, the PKI
    disclosure statement and the natural-person semantics."""
    statements = QcStatements([
        QcStatement({"statement_id": QC_SEMANTICS_V2,
                     "statement_info": _SemanticsInformation({"semantics_identifier": SEMANTICS_NATURAL_PERSON})}),
        QcStatement({"statement_id": QC_COMPLIANCE}),
        QcStatement({"statement_id": QC_SSCD}),
        QcStatement({"statement_id": QC_TYPE, "statement_info": _Oids([QC_TYPE_ESIGN])}),
        QcStatement({"statement_id": QC_PDS,
                     "statement_info": _PdsLocations([_PdsLocation({"url": pds_url, "language": "en"})])}),
    ])
    return bytes(statements.dump())


def encode_advanced_statements() -> bytes:
    """An advanced (not qualified) certificate names only the natural-person semantics."""
    return bytes(QcStatements([
        QcStatement({"statement_id": QC_SEMANTICS_V2,
                     "statement_info": _SemanticsInformation({"semantics_identifier": SEMANTICS_NATURAL_PERSON})}),
    ]).dump())


def statement_ids(der: bytes) -> set[str]:
    """The statement OIDs of a QCStatements extension's value."""
    return {str(s["statement_id"].dotted) for s in QcStatements.load(der)}
