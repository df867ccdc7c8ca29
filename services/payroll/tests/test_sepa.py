"""Issue 23, "The pay run (admin)": the SEPA credit-transfer file, pain.001.001.09 made with sepaxml, is valid
against the ISO schema, carries one transaction per line with the net amount, the line's EndToEndId and a
remittance text naming the period and the company, and the same run gives the same bytes."""

from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal
from importlib import resources
from uuid import UUID

import pytest
import xmlschema
from lxml import etree

from payroll.sepa import Payer, SepaError, SepaLine, SepaRun, credit_transfer, sepa_file_name

NS = {"p": "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"}
PAYER = Payer(name="Noorte Ettevõtlus OÜ", iban="EE38 2200 2210 2014 5685", bic="HABAEE2X", town="Tallinn")
RUN_ID = UUID("8f1d2c3b-4a5e-4f60-9a7b-8c9d0e1f2a3b")
APPROVED_AT = datetime(2026, 11, 25, 8, 30, 15, tzinfo=UTC)
IBANS = ("EE471000001020145685", "EE382200221020145685", "DE89370400440532013000")


def line(number: int, net_cents: int = 49000, **changes: object) -> SepaLine:
    base = SepaLine(end_to_end_id=f"{number:032x}", creditor_name="Õie Šaržant", iban=IBANS[number % len(IBANS)],
                    net_cents=net_cents, period_start=date(2026, 10, 1), period_end=date(2026, 10, 31),
                    company_name="Päikese Ökopood OÜ")
    return replace(base, **changes)  # type: ignore[arg-type]


def run(*lines: SepaLine) -> SepaRun:
    return SepaRun(run_id=RUN_ID, pay_date=date(2026, 11, 30), approved_at=APPROVED_AT, lines=lines)


def parsed(document: bytes) -> etree._Element:
    return etree.fromstring(document)


def texts(root: etree._Element, path: str) -> list[str]:
    return [element.text for element in root.iterfind(path, NS)]


def test_the_file_is_valid_against_the_iso_schema() -> None:
    """Checked with xmlschema (sepaxml's own validator) against the schema sepaxml ships, independently of the
    module's lxml check."""
    document = credit_transfer(run(line(1), line(2, 38220), line(3, 39000)), PAYER)
    schema = xmlschema.XMLSchema(str(resources.files("sepaxml") / "schemas" / "pain.001.001.09.xsd"))
    schema.validate(document.decode())
    assert parsed(document).tag == "{urn:iso:std:iso:20022:tech:xsd:pain.001.001.09}Document"
    assert document.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns=')


def test_one_transaction_per_line_with_net_amount_and_end_to_end_id() -> None:
    lines = (line(1), line(2, 38220), line(3, 39000))
    root = parsed(credit_transfer(run(*lines), PAYER))
    transactions = root.findall(".//p:CdtTrfTxInf", NS)
    assert len(transactions) == 3
    assert [tx.findtext("p:PmtId/p:EndToEndId", namespaces=NS) for tx in transactions] == \
        [item.end_to_end_id for item in lines]
    assert [tx.find("p:Amt/p:InstdAmt", NS).attrib["Ccy"] for tx in transactions] == ["EUR"] * 3
    assert [tx.findtext("p:Amt/p:InstdAmt", namespaces=NS) for tx in transactions] == ["490.00", "382.20", "390.00"]
    assert [tx.findtext("p:CdtrAcct/p:Id/p:IBAN", namespaces=NS) for tx in transactions] == list(IBANS[1:] + IBANS[:1])
    # SEPA's character set is basic Latin: sepaxml transliterates the Estonian letters.
    assert {tx.findtext("p:Cdtr/p:Nm", namespaces=NS) for tx in transactions} == {"Oie Sarzant"}


def test_control_sums_and_counts() -> None:
    lines = (line(1), line(2, 38220), line(3, 39000), line(4, 5))
    root = parsed(credit_transfer(run(*lines), PAYER))
    total = Decimal("490.00") + Decimal("382.20") + Decimal("390.00") + Decimal("0.05")
    for header in ("p:CstmrCdtTrfInitn/p:GrpHdr", "p:CstmrCdtTrfInitn/p:PmtInf"):
        assert texts(root, f"{header}/p:NbOfTxs") == ["4"]
        assert [Decimal(value) for value in texts(root, f"{header}/p:CtrlSum")] == [total]
    amounts = [Decimal(value) for value in texts(root, ".//p:CdtTrfTxInf/p:Amt/p:InstdAmt")]
    assert sum(amounts) == total
    assert amounts[-1] == Decimal("0.05")


def test_payer_execution_date_and_remittance_text() -> None:
    root = parsed(credit_transfer(run(line(1)), PAYER))
    payment = root.find("p:CstmrCdtTrfInitn/p:PmtInf", NS)
    assert payment.findtext("p:Dbtr/p:Nm", namespaces=NS) == "Noorte Ettevotlus OU"
    assert payment.findtext("p:Dbtr/p:PstlAdr/p:TwnNm", namespaces=NS) == "Tallinn"
    assert payment.findtext("p:Dbtr/p:PstlAdr/p:Ctry", namespaces=NS) == "EE"
    assert payment.findtext("p:DbtrAcct/p:Id/p:IBAN", namespaces=NS) == "EE382200221020145685"
    assert payment.findtext("p:DbtrAgt/p:FinInstnId/p:BICFI", namespaces=NS) == "HABAEE2X"
    assert payment.findtext("p:ReqdExctnDt/p:Dt", namespaces=NS) == "2026-11-30"
    assert payment.findtext("p:PmtTpInf/p:SvcLvl/p:Cd", namespaces=NS) == "SEPA"
    remittance = payment.findtext("p:CdtTrfTxInf/p:RmtInf/p:Ustrd", namespaces=NS)
    assert "01.10.2026-31.10.2026" in remittance
    assert "Paikese Okopood OU" in remittance
    assert "Juhatuse liikme tasu" in remittance and "Board member fee" in remittance


def test_a_long_company_name_is_cut_to_the_140_characters_of_the_remittance_field() -> None:
    root = parsed(credit_transfer(run(line(1, company_name="Pikk " * 40)), PAYER))
    [remittance] = texts(root, ".//p:CdtTrfTxInf/p:RmtInf/p:Ustrd")
    assert len(remittance) == 140 and "01.10.2026-31.10.2026 Pikk" in remittance


def test_message_id_and_creation_time_come_from_the_run() -> None:
    root = parsed(credit_transfer(run(line(1)), PAYER))
    assert texts(root, "p:CstmrCdtTrfInitn/p:GrpHdr/p:MsgId") == [RUN_ID.hex]
    assert texts(root, "p:CstmrCdtTrfInitn/p:PmtInf/p:PmtInfId") == [RUN_ID.hex]
    assert texts(root, "p:CstmrCdtTrfInitn/p:GrpHdr/p:CreDtTm") == ["2026-11-25T10:30:15"]  # Tallinn time
    assert sepa_file_name(run(line(1))) == f"pain.001-2026-11-30-{RUN_ID.hex}.xml"


def test_the_same_run_gives_the_same_bytes() -> None:
    """'Downloading it twice gives the same bytes': sepaxml alone stamps random ids and the clock's time."""
    lines = tuple(line(number) for number in range(1, 30))
    first = credit_transfer(run(*lines), PAYER)
    assert credit_transfer(run(*lines), PAYER) == first
    assert credit_transfer(run(*lines[:-1]), PAYER) != first


@pytest.mark.parametrize(("bad_run", "bad_payer"), [
    pytest.param(run(), PAYER, id="no lines"),
    pytest.param(run(line(1, net_cents=0)), PAYER, id="zero amount"),
    pytest.param(run(line(1, net_cents=-100)), PAYER, id="negative amount"),
    pytest.param(run(line(1), line(1)), PAYER, id="EndToEndId twice"),
    pytest.param(run(line(1, end_to_end_id="x" * 36)), PAYER, id="EndToEndId too long"),
    pytest.param(run(line(1, end_to_end_id="line 1")), PAYER, id="EndToEndId with a space"),
    pytest.param(run(line(1, iban="EE392200221020145685")), PAYER, id="wrong IBAN check digits"),
    pytest.param(run(line(1, iban="not an iban")), PAYER, id="IBAN shape"),
    pytest.param(run(line(1, creditor_name=" ")), PAYER, id="no account holder"),
    pytest.param(replace(run(line(1)), run_id="r" * 36), PAYER, id="run id too long"),
    pytest.param(run(line(1)), replace(PAYER, iban="EE382200221020145686"), id="payer IBAN"),
    pytest.param(run(line(1)), replace(PAYER, town=""), id="payer without a town"),
    pytest.param(run(line(1)), replace(PAYER, bic="HABA"), id="payer BIC refused by the schema"),
    pytest.param(run(line(1)), replace(PAYER, country="Estonia"), id="country refused by the schema"),
])
def test_invalid_input_is_refused(bad_run: SepaRun, bad_payer: Payer) -> None:
    with pytest.raises(SepaError):
        credit_transfer(bad_run, bad_payer)
